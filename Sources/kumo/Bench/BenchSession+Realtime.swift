import Foundation
import HTTPTypes
import Logging
import NCMBWire
import NIOCore
import NIOHTTP1

#if canImport(Glibc)
    import Glibc
#endif

/// The sizes of the realtime scenarios.
struct RealtimeBenchSettings: Sendable {
    /// Idle subscribers of `realtimeIdle`.
    var idleSubscribers: Int
    /// Subscribers of `realtimeFanout`.
    var fanOutSubscribers: Int
    /// Measured writes of `realtimeFanout`, one at a time.
    var fanOutWrites: Int
}

extension BenchSession {
    /// The p99 target of the fan-out latency: 100 ms in issue 19, 50 ms in issue 32 once each view of a change is
    /// rendered once (docs/decisions/0119-realtime-fan-out-rendered-once-per-view.md).
    static let fanOutP99Milliseconds = 50.0
    /// Descriptors the bench process keeps for itself beside its subscribers (HTTP client, event loops, files).
    static let descriptorReserve = 256
    /// Subscribers connecting at once.
    static let connectBatch = 500

    /// Runs the realtime scenarios among `scenarios`.
    func runRealtime(_ scenarios: [BenchScenario]) async throws -> [BenchMeasurement] {
        var rows: [BenchMeasurement] = []
        if scenarios.contains(.realtimeIdle) {
            rows.append(try await measureIdleSubscribers(realtime.idleSubscribers, eventLoopGroup: eventLoopGroup))
        }
        if scenarios.contains(.realtimeFanout) {
            rows.append(
                try await measureFanOut(
                    subscribers: realtime.fanOutSubscribers, writes: realtime.fanOutWrites, eventLoopGroup: eventLoopGroup))
        }
        return rows
    }

    /// `realtimeIdle`: the server's resident memory before and with `requested` idle subscribers, per subscriber.
    private func measureIdleSubscribers(_ requested: Int, eventLoopGroup: any EventLoopGroup) async throws -> BenchMeasurement {
        let (count, limitNote) = BenchSession.subscribersThatFit(requested)
        // One subscriber first, so that what the first connection initialises is in the baseline.
        try await withSubscribers(1, eventLoopGroup: eventLoopGroup) { _ in }
        try await Task.sleep(for: .seconds(1))
        let before = SystemProbe.residentBytes(processId: server.processId) ?? 0
        var after = 0
        let started = ContinuousClock.now
        let board = try await withSubscribers(count, eventLoopGroup: eventLoopGroup) { _ in
            try await Task.sleep(for: .seconds(2))
            after = SystemProbe.residentBytes(processId: server.processId) ?? 0
        }
        let connected = board.subscribed
        let perSubscriber = connected > 0 ? Double(after - before) / Double(connected) : 0
        var note =
            "server RSS \(BenchSession.mebibytes(before)) before, \(BenchSession.mebibytes(after)) with \(BenchReport.grouped(Double(connected))) "
            + "subscribed: \(String(format: "%.1f", perSubscriber / 1024)) KiB per subscriber; latencies are connect → subscribed, "
            + "\(BenchSession.connectBatch) connecting at once; \(limitNote)"
        let failures = board.failures
        if failures.count > 0 { note += "; \(failures.count) failed, first: \(failures.first?.prefix(160) ?? "")" }
        progress("realtime: \(connected) idle subscribers, \(String(format: "%.1f", perSubscriber / 1024)) KiB each")
        var summary = board.subscribeRecorder.summary(seconds: (ContinuousClock.now - started).inSeconds)
        summary.failed += max(0, count - connected - summary.failed)
        return BenchMeasurement(
            name: BenchScenario.realtimeIdle.rawValue, label: BenchScenario.realtimeIdle.label, connections: count,
            pacing: "closed loop", summary: summary, peakRSSBytes: after, note: note)
    }

    /// `realtimeFanout`: `writes` creates, one at a time, each reaching `subscribers` subscribers; the latency of every
    /// event from sending its write.
    private func measureFanOut(subscribers requested: Int, writes: Int, eventLoopGroup: any EventLoopGroup) async throws
        -> BenchMeasurement
    {
        let (count, limitNote) = BenchSession.subscribersThatFit(requested)
        var window: Duration = .zero
        var missed = 0
        let logOffset = server.logSize()
        let cpuBefore = SystemProbe.cpuSeconds(processId: server.processId)
        let board = try await withSubscribers(count, eventLoopGroup: eventLoopGroup) { board in
            let subscribed = board.subscribed
            for number in 0..<(10 + writes) {
                let measured = number >= 10
                let started = ContinuousClock.now
                board.recordWriteStart(Int64(number), measured: measured)
                let body: JSONObject = [RealtimeBenchSubscriber.numberField: .integer(Int64(number))]
                let request = signer.prepare(
                    APIRouter.print(.objects(.custom(RealtimeBenchSubscriber.className), .create(body))), expectedStatus: 201)
                let (status, text) = try await sendOnce(request)
                guard status == 201 else {
                    throw BenchSession.SetupFailure(description: "a fan-out write answered \(status) \(text.prefix(120))")
                }
                let delivered = try await board.wait(atMost: .seconds(10)) { board.arrivals(ofWrite: Int64(number)) >= subscribed }
                if measured {
                    window += ContinuousClock.now - started
                    if !delivered { missed += subscribed - board.arrivals(ofWrite: Int64(number)) }
                }
            }
        }
        board.recordMissedEvents(missed)
        let cpu = cpuBefore.flatMap { before in
            SystemProbe.cpuSeconds(processId: server.processId).map { ($0 - before) }
        }
        let summary = board.eventRecorder.summary(seconds: window.inSeconds)
        let stalls = server.stalls(since: logOffset)
        var note =
            "\(writes) writes one at a time after 10 unmeasured, each a create seen by every subscriber; latency from sending "
            + "the write to each subscriber's receipt; server CPU \(cpu.map { String(format: "%.1f", $0) } ?? "?") s in all; \(limitNote)"
        if stalls.count > 0 { note += "; event-loop ticks ≥ \(ServerProcess.stallThresholdMilliseconds) ms: \(stalls.count)" }
        let failures = board.failures
        if failures.count > 0 { note += "; \(failures.count) subscribers failed, first: \(failures.first?.prefix(160) ?? "")" }
        progress(
            "realtime fan-out to \(board.subscribed): p50 \(BenchReport.fixed(summary.p50Milliseconds)) ms, "
                + "p99 \(BenchReport.fixed(summary.p99Milliseconds)) ms" + (missed > 0 ? ", \(missed) events missed" : ""))
        return BenchMeasurement(
            name: BenchScenario.realtimeFanout.rawValue, label: BenchScenario.realtimeFanout.label, connections: count,
            pacing: "one write at a time", summary: summary, peakRSSBytes: SystemProbe.peakResidentBytes(processId: server.processId),
            target: "p99 < \(Int(BenchSession.fanOutP99Milliseconds)) ms",
            meetsTarget: summary.p99Milliseconds < BenchSession.fanOutP99Milliseconds && missed == 0, note: note)
    }

    /// Runs `body` while one realtime subscriber of ``RealtimeBenchSubscriber/className`` is connected, when `isWatched`:
    /// the server's change feed is on for the writes of `body`, none of which concerns the subscriber.
    func watching<Result>(_ isWatched: Bool, _ body: () async throws -> Result) async throws -> Result {
        guard isWatched else { return try await body() }
        var result: Result?
        let board = try await withSubscribers(1, eventLoopGroup: eventLoopGroup) { board in
            guard board.subscribed == 1 else {
                throw BenchSession.SetupFailure(description: "the watching subscriber failed: \(board.failures.first ?? "")")
            }
            result = try await body()
        }
        guard let result, board.failures.count == 0 else {
            throw BenchSession.SetupFailure(description: "the watching subscriber failed: \(board.failures.first ?? "")")
        }
        return result
    }

    /// Connects `count` subscribers, `connectBatch` at a time, waits until all are subscribed (or failed), runs `body`,
    /// then closes them all.
    ///
    /// - Returns: The board, with the subscribe latencies and failures.
    @discardableResult
    private func withSubscribers(
        _ count: Int, eventLoopGroup: any EventLoopGroup, _ body: (RealtimeBenchBoard) async throws -> Void
    ) async throws -> RealtimeBenchBoard {
        let board = RealtimeBenchBoard()
        let url = "ws://127.0.0.1:\(server.port)/2013-09-01/realtime"
        let headers = upgradeHeaders()
        let logger = {
            var logger = Logger(label: "kumo.bench.realtime")
            logger.logLevel = .critical
            return logger
        }()
        try await withThrowingTaskGroup(of: Void.self) { group in
            var started = 0
            while started < count {
                let batch = min(BenchSession.connectBatch, count - started)
                for _ in 0..<batch {
                    group.addTask {
                        await RealtimeBenchSubscriber.run(
                            url: url, headers: headers, eventLoopGroup: eventLoopGroup, logger: logger, board: board)
                    }
                }
                started += batch
                let target = started
                _ = try await board.wait(atMost: .seconds(60)) { board.subscribed + board.failures.count >= target }
            }
            do {
                try await body(board)
            } catch {
                board.stop()
                throw error
            }
            board.stop()
            try await group.waitForAll()
        }
        return board
    }

    /// The signed headers of the upgrade, as the SDK sends them (the host without its port).
    private func upgradeHeaders() -> HTTPFields {
        let prepared = signer.prepare(APIRouter.print(.realtime), expectedStatus: 101)
        var headers = HTTPFields()
        for (name, value) in prepared.head.headers where name.lowercased().hasPrefix("x-ncmb-") {
            if let fieldName = HTTPField.Name(name) { headers[fieldName] = value }
        }
        return headers
    }

    /// How many of `requested` subscribers this process's descriptors allow, after raising its soft limit to the hard
    /// one, and a note saying what the limit was.
    static func subscribersThatFit(_ requested: Int) -> (count: Int, note: String) {
        #if canImport(Glibc)
            var limit = rlimit()
            guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return (requested, "RLIMIT_NOFILE unknown") }
            let original = limit.rlim_cur
            if limit.rlim_cur < limit.rlim_max {
                var raised = limit
                raised.rlim_cur = limit.rlim_max == rlim_t.max ? max(limit.rlim_cur, 1 << 20) : limit.rlim_max
                if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
            }
            let available = Int(clamping: limit.rlim_cur) - descriptorReserve
            let count = max(1, min(requested, available))
            var note = "RLIMIT_NOFILE \(original)"
            if limit.rlim_cur != original { note += ", raised to the hard limit \(limit.rlim_cur)" }
            if count < requested { note += "; only \(count) of \(requested) subscribers fit (raise ulimit -n)" }
            return (count, note)
        #else
            return (requested, "RLIMIT_NOFILE unknown")
        #endif
    }

    private static func mebibytes(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
}

extension Duration {
    /// The duration in seconds.
    var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
