import KumoOperations
import KumoServer
import KumoTestSupport
import Logging
import MetricsTestKit
import NIOCore
import NIOPosix
import Testing

/// The event-loop stall tracer: ticks at least as long as its threshold are counted, logged and summed up; shorter ones
/// leave no trace (docs/operations.md#event-loop-stalls).
@Suite struct EventLoopStallTracerTests {
    final class Loop {}

    static func tracer(_ lines: LockedBox<[String]>, metrics: TestMetrics) -> EventLoopStallTracer {
        let logger = Logger(label: "kumo.stalls") { label in
            StructuredLogHandler(label: label, format: .logfmt, level: .info, output: LogOutput { line in lines.mutate { $0.append(line) } })
        }
        return EventLoopStallTracer(threshold: .milliseconds(5), logger: logger, factory: metrics)
    }

    @Test func ticksFromTheThresholdOnAreCountedAndLoggedWithTheirLoop() throws {
        let lines = LockedBox<[String]>([])
        let metrics = TestMetrics()
        let tracer = Self.tracer(lines, metrics: metrics)
        let first = Loop()
        let second = Loop()

        tracer.record(duration: .milliseconds(4), tasks: 3, loop: ObjectIdentifier(first))
        tracer.record(duration: .milliseconds(5), tasks: 2, loop: ObjectIdentifier(first))
        tracer.record(duration: .milliseconds(80), tasks: 7, loop: ObjectIdentifier(second))
        tracer.record(duration: .milliseconds(6), tasks: 1, loop: ObjectIdentifier(first))

        let summary = tracer.summary
        #expect(summary.count == 3)
        #expect(summary.longest == .milliseconds(80))
        let logged = lines.get()
        try #require(logged.count == 3, "\(logged)")
        #expect(logged[0].contains("msg=\"Event loop tick ran long\" duration_ms=5.0 loop=0 tasks=2"), "\(logged[0])")
        #expect(logged[1].contains("duration_ms=80.0 loop=1 tasks=7"), "\(logged[1])")
        #expect(try metrics.expectCounter("kumo_event_loop_stalls_total", [("loop", "0")]).totalValue == 2)
        #expect(try metrics.expectCounter("kumo_event_loop_stalls_total", [("loop", "1")]).totalValue == 1)
        #expect(try metrics.expectTimer("kumo_event_loop_stall_seconds").values == [5_000_000, 80_000_000, 6_000_000])
    }

    @Test func aGroupItMakesReportsItsTicks() async throws {
        let lines = LockedBox<[String]>([])
        let metrics = TestMetrics()
        let logger = Logger(label: "kumo.stalls") { label in
            StructuredLogHandler(label: label, format: .logfmt, level: .info, output: LogOutput { line in lines.mutate { $0.append(line) } })
        }
        // A threshold of zero reports every tick, so the test needs no slow tick to see the group wired to the tracer.
        let tracer = EventLoopStallTracer(threshold: .zero, logger: logger, factory: metrics)
        let group = tracer.makeEventLoopGroup(threadCount: 1)
        let loop = group.next()

        try await loop.submit {}.get()
        try await loop.submit {}.get()
        try await group.shutdownGracefully()

        #expect(tracer.summary.count >= 1)
        #expect(lines.get().contains { $0.contains("loop=0") })
    }
}
