import Foundation
import KumoTestSupport
import NCMB
import Testing

/// `NCMBQuery.live()` and the query cache against a real server: a connection lost and restored brings what was
/// written meanwhile through a new query, and the results outlive the connection in the cache.
@Suite(.timeLimit(.minutes(2))) struct SDKLiveResultsTests {
    @Test func liveQueriesAgainAfterAReconnectionAndCachesWhatItFinds() async throws {
        try await SDKRealtimeServer.with { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ncmb-live-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let connector = HoldingConnector()
            var reader = server.context()
            reader.queryCache = NCMBQueryCache(directory: directory)
            reader.realtime.connector = connector
            reader.realtime.backoff = RealtimeBackoff(initialDelay: 0.05, multiplier: 1, maximumDelay: 0.05)
            let writer = server.context()
            try await writer.save("Chat", ["room": "lobby", "text": "first"])
            var lobby = reader.query("Chat")
            lobby.where(field: "room", equalTo: "lobby")
            let results = LiveLog(lobby.live())
            try await results.waitFor(["first"])
            try await connector.attempts.waitUntil("the first connection") { $0.count >= 1 }

            let connected = connector.attempts.count
            connector.dropAndHold()
            try await connector.attempts.waitUntil("a reconnection") { $0.count > connected }
            try await writer.save("Chat", ["room": "lobby", "text": "written while disconnected"])
            connector.release()
            try await results.waitFor(["written while disconnected", "first"])
            try await writer.save("Chat", ["room": "lobby", "text": "after"])
            try await results.waitFor(["after", "written while disconnected", "first"])
            results.task.cancel()

            var cached = lobby
            cached.cachePolicy = .cacheOnly
            let texts = try await cached.find().compactMap { $0["text"] as String? }
            #expect(texts == ["after", "written while disconnected", "first"])
        }
    }
}

/// The texts of every array `live()` gave, recorded by a task that iterates it.
final class LiveLog: Sendable {
    let arrays: AsyncValues<[String]>
    let task: Task<Void, Never>

    init(_ stream: AsyncThrowingStream<[NCMBObject], any Error>) {
        let arrays = AsyncValues<[String]>()
        self.arrays = arrays
        task = Task {
            do {
                for try await objects in stream { arrays.append(objects.compactMap { $0["text"] as String? }) }
            } catch {
                arrays.append(["error: \(error)"])
            }
        }
    }

    /// Waits until the newest array is `expected`.
    func waitFor(_ expected: [String]) async throws {
        try await arrays.waitUntil("\(expected)") { $0.last == expected }
    }
}

/// The platform's WebSocket client, with connections the test can drop and reconnections it can hold back.
final class HoldingConnector: WebSocketConnector {
    private struct State: Sendable {
        var connections: [any WebSocketConnection] = []
        var isHolding = false
        var held: [CheckedContinuation<Void, Never>] = []
    }

    private let base = RealtimeDependencies().connector
    private let state = Locked(State())
    /// One value per connection attempt, made before it is held.
    let attempts = AsyncValues<Int>()

    func connect(_ request: WebSocketRequest) async throws -> any WebSocketConnection {
        attempts.append(1)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isFree = state.withLock { state in
                if state.isHolding { state.held.append(continuation) }
                return !state.isHolding
            }
            if isFree { continuation.resume() }
        }
        let connection = try await base.connect(request)
        state.withLock { $0.connections.append(connection) }
        return connection
    }

    /// Closes every open connection and holds the next attempts until ``release()``.
    func dropAndHold() {
        let connections = state.withLock { state in
            state.isHolding = true
            defer { state.connections = [] }
            return state.connections
        }
        for connection in connections { connection.close() }
    }

    /// Lets the held attempts go on.
    func release() {
        let held = state.withLock { state in
            state.isHolding = false
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }
}

/// Values appended by one task and awaited by another, every wait bounded by ``SubscriptionRecorder/waitLimit``.
final class AsyncValues<Value: Sendable>: Sendable {
    private struct State: Sendable {
        var values: [Value] = []
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let state = Locked(State())

    /// How many values were appended.
    var count: Int { state.withLock { $0.values.count } }

    /// Adds a value and wakes the waits.
    func append(_ value: Value) {
        let waiters = state.withLock { state in
            state.values.append(value)
            defer { state.waiters = [:] }
            return state.waiters
        }
        for waiter in waiters.values { waiter.resume() }
    }

    /// Returns once `condition` holds for the values.
    ///
    /// - Throws: ``WaitTimedOut`` naming `what` and the values when it does not hold in time.
    func waitUntil(_ what: String, _ condition: @escaping @Sendable ([Value]) -> Bool) async throws {
        let started = Date()
        while true {
            let values = state.withLock { $0.values }
            if condition(values) { return }
            guard Date().timeIntervalSince(started) < SubscriptionRecorder.waitLimit else {
                throw WaitTimedOut(description: "waited for \(what); values: \(values)")
            }
            let id = state.withLock { state in
                defer { state.nextWaiter += 1 }
                return state.nextWaiter
            }
            let alarm = Task { [state] in
                try? await Task.sleep(nanoseconds: UInt64(SubscriptionRecorder.waitLimit * 1_000_000_000))
                state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
            }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if condition(state.values) { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            alarm.cancel()
        }
    }
}

/// What ``AsyncValues/waitUntil(_:_:)`` throws when its condition does not hold in time.
struct WaitTimedOut: Error, CustomStringConvertible {
    let description: String
}
