import Foundation
import NCMB
import Testing

/// A ``WebSocketConnector`` that opens the connections a test scripted, in order, and fails the test on any other
/// attempt (docs/style.md#a-fake-that-fails-loudly).
final class ScriptedWebSocketConnector: WebSocketConnector {
    /// What one connection attempt gives.
    enum Attempt: Sendable {
        /// The attempt succeeds with this connection.
        case open(ScriptedWebSocketConnection)
        /// The attempt fails with this error.
        case fail(any Error)
    }

    private let attempts = Locked<[Attempt]>([])
    /// Every request received, in order.
    let requests = AsyncLog<WebSocketRequest>()

    /// Scripts the next attempt.
    func expect(_ attempt: Attempt) {
        attempts.withLock { $0.append(attempt) }
    }

    /// Scripts a successful attempt and returns its connection.
    func expectConnection() -> ScriptedWebSocketConnection {
        let connection = ScriptedWebSocketConnection()
        expect(.open(connection))
        return connection
    }

    func connect(_ request: WebSocketRequest) async throws -> any WebSocketConnection {
        requests.append(request)
        let attempt = attempts.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        switch attempt {
        case .open(let connection): return connection
        case .fail(let error): throw error
        case nil:
            Issue.record("unexpected connection to \(request.url)")
            throw WebSocketError.invalidRequest("unexpected connection")
        }
    }
}

/// A connection whose server side the test plays: it scripts what the server sends and reads what the client sent.
///
/// A ping fails the test unless the test set ``pongs``.
final class ScriptedWebSocketConnection: WebSocketConnection {
    /// How the server answers pings.
    enum Pongs: Sendable {
        /// A ping fails the test.
        case unexpected
        /// Every ping gets its pong at once.
        case immediate
        /// A ping waits for ``pong()``, or fails when the connection closes.
        case manual
    }

    /// What the server will send, in order.
    let fromServer = AsyncQueue<String>()
    /// Every text message the client sent.
    let sent = AsyncLog<String>()
    /// Every call of `ping()` and `close()`, in order: `"ping"`, `"close"`.
    let calls = AsyncLog<String>()
    /// How pings are answered. Defaults to ``Pongs/unexpected``.
    let pongs = Locked(Pongs.unexpected)
    /// The pongs of ``Pongs/manual``.
    private let manualPongs = AsyncQueue<Void>()
    /// Whether `close()` was called.
    let isClosed = Locked(false)

    /// The server sends `text`.
    func serverSends(_ text: String) {
        fromServer.push(text)
    }

    /// The server sends each of `texts`.
    func serverSends(_ texts: [String]) {
        for text in texts { fromServer.push(text) }
    }

    /// The connection breaks: after what the server sent, `receive()` throws `error`.
    func serverDrops(_ error: any Error = WebSocketError.closed(code: nil, reason: "connection closed")) {
        fromServer.fail(error)
    }

    /// The server answers the waiting ping (``Pongs/manual``).
    func pong() {
        manualPongs.push(())
    }

    func send(text: String) async throws {
        guard !isClosed.current else { throw WebSocketError.closed(code: 1000, reason: "closed by the client") }
        sent.append(text)
    }

    func receive() async throws -> String {
        try await fromServer.next()
    }

    func ping() async throws {
        calls.append("ping")
        switch pongs.current {
        case .unexpected:
            Issue.record("unexpected ping")
            throw WebSocketError.invalidRequest("unexpected ping")
        case .immediate:
            return
        case .manual:
            // Like URLSession's, this ping cannot be cancelled: only a pong or the close ends it.
            try await manualPongs.next()
        }
    }

    func close() {
        let wasClosed = isClosed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        let closedByClient = WebSocketError.closed(code: 1000, reason: "closed by the client")
        fromServer.fail(closedByClient, immediately: true)
        manualPongs.fail(closedByClient, immediately: true)
        calls.append("close")
    }
}

/// A `sleep` the test controls: each call records its duration and returns only when the test resumes it, or at once
/// for an immediate sleeper.
final class ManualSleeper: Sendable {
    private struct Sleeper: Sendable {
        let id: Int
        let duration: TimeInterval
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// Every duration asked for, in order, each recorded once it can be resumed.
    let requested = AsyncLog<TimeInterval>()
    private let sleepers = Locked<[Sleeper]>([])
    private let nextId = Locked(0)
    /// Whether sleeps return at once.
    let isImmediate: Bool

    /// Creates a sleeper; `immediate` ones return at once.
    init(immediate: Bool = false) {
        self.isImmediate = immediate
    }

    /// The function to inject.
    var sleep: @Sendable (TimeInterval) async throws -> Void {
        { [self] duration in try await self.wait(duration) }
    }

    private func wait(_ duration: TimeInterval) async throws {
        guard !isImmediate else {
            requested.append(duration)
            return try Task.checkCancellation()
        }
        let id = nextId.withLock { next in
            defer { next += 1 }
            return next
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                sleepers.withLock { $0.append(Sleeper(id: id, duration: duration, continuation: continuation)) }
                // Recorded once resumable, so a test that saw the request can resume it.
                requested.append(duration)
                if Task.isCancelled { wakeCancelled(id) }
            }
        } onCancel: {
            wakeCancelled(id)
        }
    }

    /// The number of sleeps waiting to be resumed.
    var pendingCount: Int { sleepers.withLock { $0.count } }

    /// Ends the oldest pending sleep of `duration` (any duration when `nil`); `false` when none is pending.
    @discardableResult
    func resume(_ duration: TimeInterval? = nil) -> Bool {
        let sleeper = sleepers.withLock { sleepers -> Sleeper? in
            guard let index = sleepers.firstIndex(where: { duration == nil || $0.duration == duration }) else { return nil }
            return sleepers.remove(at: index)
        }
        sleeper?.continuation.resume()
        return sleeper != nil
    }

    /// Ends the sleep `id` with `CancellationError`, if it still waits.
    private func wakeCancelled(_ id: Int) {
        let sleeper = sleepers.withLock { sleepers -> Sleeper? in
            guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
            return sleepers.remove(at: index)
        }
        sleeper?.continuation.resume(throwing: CancellationError())
    }
}
