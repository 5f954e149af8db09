import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import NCMBWire
import NIOCore
import NIOWebSocket

/// What the realtime subscribers of one bench scenario share: how many are subscribed or failed, when each write was
/// sent, and the latency of every event received.
final class RealtimeBenchBoard: @unchecked Sendable {
    // @unchecked: every stored property is read and written only while `lock` is held.
    private let lock = NSLock()
    private var subscribedCount = 0
    private var failureCount = 0
    private var firstFailure: String?
    private var subscribeLatencies = LoadRecorder()
    private var eventLatencies = LoadRecorder()
    private var writeStarts: [Int64: ContinuousClock.Instant] = [:]
    private var arrivals: [Int64: Int] = [:]
    private var isStopped = false
    private var stopWaiters: [CheckedContinuation<Void, Never>] = []

    private func locked<Value>(_ body: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Subscribers subscribed so far.
    var subscribed: Int { locked { subscribedCount } }
    /// Subscribers that failed so far, and the first failure.
    var failures: (count: Int, first: String?) { locked { (failureCount, firstFailure) } }
    /// The latencies from connecting to `subscribed`.
    var subscribeRecorder: LoadRecorder { locked { subscribeLatencies } }
    /// The latencies from sending a measured write to each subscriber's receipt of its event.
    var eventRecorder: LoadRecorder { locked { eventLatencies } }

    /// Records a subscriber confirmed `latency` after it started connecting.
    func recordSubscribed(after latency: Duration) {
        locked {
            subscribedCount += 1
            subscribeLatencies.record(latencyNanoseconds: RealtimeBenchBoard.nanoseconds(latency), isExpected: true, status: 101)
        }
    }

    /// Records a subscriber that failed or ended early.
    func recordFailure(_ description: String) {
        locked {
            failureCount += 1
            if firstFailure == nil { firstFailure = description }
        }
    }

    /// Records that the write numbered `number` is being sent now; `measured` writes have their events' latencies kept.
    func recordWriteStart(_ number: Int64, measured: Bool) {
        locked { writeStarts[number] = measured ? ContinuousClock.now : nil }
    }

    /// Records an event of the write numbered `number`, received now.
    func recordEvent(ofWrite number: Int64) {
        let now = ContinuousClock.now
        locked {
            arrivals[number, default: 0] += 1
            if let start = writeStarts[number] {
                eventLatencies.record(latencyNanoseconds: RealtimeBenchBoard.nanoseconds(now - start), isExpected: true, status: 200)
            }
        }
    }

    /// The events received of the write numbered `number`.
    func arrivals(ofWrite number: Int64) -> Int { locked { arrivals[number] ?? 0 } }

    /// Counts `count` events that never came as failures of the measured latencies.
    func recordMissedEvents(_ count: Int) {
        locked { for _ in 0..<count { eventLatencies.recordTransportFailure() } }
    }

    /// Tells every subscriber to close its connection.
    func stop() {
        let waiters = locked {
            isStopped = true
            defer { stopWaiters = [] }
            return stopWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once ``stop()`` was called.
    func stopped() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumesNow = locked {
                if isStopped { return true }
                stopWaiters.append(continuation)
                return false
            }
            if resumesNow { continuation.resume() }
        }
    }

    /// Waits until `condition` holds, checking every 10 ms, at most `limit`; returns whether it held.
    func wait(atMost limit: Duration, until condition: () -> Bool) async throws -> Bool {
        let started = ContinuousClock.now
        while !condition() {
            guard ContinuousClock.now - started < limit else { return false }
            try await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    private static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}

/// One realtime subscriber of the bench: a WebSocket (hummingbird-websocket's client) signed as the SDK signs its
/// upgrade, subscribed to every object of ``RealtimeBenchSubscriber/className``, reporting to a board until it is
/// stopped.
enum RealtimeBenchSubscriber {
    /// The class the fan-out writes create objects in.
    static let className = ClassName(constant: "BenchRealtime")
    /// The field holding a write's number.
    static let numberField = "n"

    /// Connects, subscribes and reports, until the board is stopped or the connection ends; a failure is recorded on
    /// the board, never thrown.
    static func run(url: String, headers: HTTPFields, eventLoopGroup: any EventLoopGroup, logger: Logger, board: RealtimeBenchBoard)
        async
    {
        let started = ContinuousClock.now
        let subscribe = JSONValue.object([
            "op": "subscribe", "requestId": 1, "className": .string(className.rawValue),
        ]).serializedString()
        let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 20, additionalHeaders: headers)
        do {
            try await WebSocketClient.connect(url: url, configuration: configuration, eventLoopGroup: eventLoopGroup, logger: logger) {
                inbound, outbound, _ in
                try await outbound.write(.text(subscribe))
                try await withThrowingTaskGroup(of: Void.self) { tasks in
                    tasks.addTask {
                        for try await message in inbound.messages(maxSize: 1 << 20) {
                            guard case .text(let text) = message else { continue }
                            handle(text, started: started, board: board)
                        }
                    }
                    tasks.addTask {
                        await board.stopped()
                        try await outbound.close(.normalClosure, reason: nil)
                    }
                    _ = try await tasks.next()
                    tasks.cancelAll()
                }
            }
        } catch {
            board.recordFailure("\(error)")
        }
    }

    /// Reads one server message: `subscribed`, an event of a numbered write, or an error.
    private static func handle(_ text: String, started: ContinuousClock.Instant, board: RealtimeBenchBoard) {
        guard let message = (try? JSONValue(parsing: text))?.objectValue, let operation = message["op"]?.stringValue else { return }
        switch operation {
        case "subscribed":
            board.recordSubscribed(after: ContinuousClock.now - started)
        case "create":
            if let number = message["object"]?.objectValue?[numberField]?.integerValue { board.recordEvent(ofWrite: number) }
        case "error":
            board.recordFailure(text)
        default:
            break
        }
    }
}
