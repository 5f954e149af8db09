package import Logging
package import Metrics
import NIOConcurrencyHelpers
package import NIOCore
package import NIOPosix

/// Watches every tick of the server's event loops and reports the long ones (docs/operations.md#event-loop-stalls).
///
/// An event loop serves many connections one piece of work at a time: while one tick runs long — a blocking call, a big
/// JSON document, a lock held elsewhere — every other request on that loop waits, which is what a p99 far above the p90
/// shows. NIO hands each finished tick to this delegate (`NIOEventLoopMetricsDelegate`); a tick at least ``threshold``
/// long is counted in `kumo_event_loop_stalls_total{loop}` and `kumo_event_loop_stall_seconds`, and logged at warning
/// with its loop, duration and number of tasks. Ticks below the threshold cost one subtraction.
package final class EventLoopStallTracer: NIOEventLoopMetricsDelegate, Sendable {
    /// Ticks at least this long are stalls.
    package let threshold: TimeAmount
    private let logger: Logger
    private let factory: any MetricsFactory
    private let state = NIOLockedValueBox(State())

    private struct State {
        var loopNumbers: [ObjectIdentifier: Int] = [:]
        var count = 0
        var longest: TimeAmount = .zero
    }

    /// Creates a tracer.
    ///
    /// - Parameters:
    ///   - threshold: how long a tick must run to be reported.
    ///   - logger: where stalls are logged.
    ///   - factory: where the stall metrics go (the bootstrapped one by default).
    package init(threshold: TimeAmount, logger: Logger, factory: any MetricsFactory = MetricsSystem.factory) {
        self.threshold = threshold
        self.logger = logger
        self.factory = factory
    }

    package func processedTick(info: NIOEventLoopTickInfo) {
        record(duration: info.endTime - info.startTime, tasks: info.numberOfTasks, loop: info.eventLoopID)
    }

    /// Reports one tick of the loop `loopID` that took `duration` and ran `tasks` tasks, when it is a stall.
    package func record(duration: TimeAmount, tasks: Int, loop loopID: ObjectIdentifier) {
        guard duration >= threshold else { return }
        let loop = state.withLockedValue { state -> Int in
            state.count += 1
            state.longest = max(state.longest, duration)
            if let number = state.loopNumbers[loopID] { return number }
            let number = state.loopNumbers.count
            state.loopNumbers[loopID] = number
            return number
        }
        Counter(label: "kumo_event_loop_stalls_total", dimensions: [("loop", "\(loop)")], factory: factory).increment()
        Timer(label: "kumo_event_loop_stall_seconds", factory: factory).recordNanoseconds(duration.nanoseconds)
        logger.warning(
            "Event loop tick ran long",
            metadata: [
                "loop": "\(loop)", "duration_ms": "\(Double(duration.nanoseconds) / 1_000_000)", "tasks": "\(tasks)",
            ])
    }

    /// How many stalls were seen, and the longest.
    package var summary: (count: Int, longest: TimeAmount) {
        state.withLockedValue { ($0.count, $0.longest) }
    }

    /// A group of `threadCount` event loops that report their ticks to this tracer.
    package func makeEventLoopGroup(threadCount: Int = NIOSingletons.groupLoopCountSuggestion) -> MultiThreadedEventLoopGroup {
        MultiThreadedEventLoopGroup(numberOfThreads: threadCount, metricsDelegate: self)
    }
}
