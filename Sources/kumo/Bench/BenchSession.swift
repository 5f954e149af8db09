import AsyncHTTPClient
import Foundation
import NCMBWire
import NIOCore
import NIOHTTP1
import NIOPosix

/// Runs the HTTP scenarios against one started server and turns each run into a report row.
struct BenchSession: Sendable {
    let server: ServerProcess
    let generator: LoadGenerator
    let signer: RequestSigner
    let dataset: BenchDataset
    /// The engine of the server under test, which chooses the targets.
    let engine: BenchEngine
    let warmUp: Duration
    let duration: Duration
    /// The sizes of the realtime scenarios.
    let realtime: RealtimeBenchSettings
    /// The event loops of the realtime scenarios' WebSocket clients (the generator's).
    let eventLoopGroup: any EventLoopGroup

    /// The password of the users the login scenario signs up.
    static let password = "bench-password-1"

    /// The body of a sign-up or login as the bench users send it: `userName` and `password`.
    static func credentials(userName: String, password: String) -> JSONObject {
        [StandardField.User.userName.rawValue: .string(userName), StandardField.User.password.rawValue: .string(password)]
    }

    /// The latency target at half of the maximum throughput.
    static let halfLoadP99Milliseconds = 10.0

    /// Every scenario at every connection count (closed loop), then the targeted scenarios at half their best rate.
    func runAll(_ scenarios: [BenchScenario], connectionCounts: [Int], includesHalfLoad: Bool) async throws -> [BenchMeasurement] {
        var skipped: [BenchScenario: String] = [:]
        var userNames: [String] = []
        if scenarios.contains(.login) || scenarios.contains(.loginStorm) {
            switch try await signUpUsers(count: 32) {
            case .success(let names): userNames = names
            case .failure(let reason):
                skipped[.login] = reason.description
                skipped[.loginStorm] = reason.description
            }
        }
        if scenarios.contains(.script) {
            let probe = signer.prepare(BenchScenario.script.requests(dataset: dataset, userNames: [], password: "")[0], expectedStatus: 200)
            let (status, text) = try await sendOnce(probe)
            if status != 200 { skipped[.script] = "the script answered HTTP \(status) \(text.prefix(120)) (is Node.js installed?)" }
        }
        let storm = BenchScenario.wrongPasswordLogins(userNames: userNames).map {
            signer.prepare($0, expectedStatus: 401, isSigned: true)
        }
        var prepared: [BenchScenario: [PreparedRequest]] = [:]
        for scenario in scenarios where skipped[scenario] == nil && !scenario.runsOnItsOwn {
            prepared[scenario] = scenario.requests(dataset: dataset, userNames: userNames, password: BenchSession.password).map {
                signer.prepare($0, expectedStatus: scenario.expectedStatus, isSigned: scenario != .ceiling)
            }
        }

        let countNotes = try await checkCounts(prepared: prepared)

        var rows: [BenchMeasurement] = []
        var ceilings: [Int: Double] = [:]
        for connections in connectionCounts {
            for scenario in scenarios where !scenario.runsOnItsOwn {
                guard let requests = prepared[scenario] else {
                    rows.append(
                        BenchMeasurement(
                            name: scenario.rawValue, label: scenario.label, connections: connections, pacing: "closed loop",
                            note: "skipped: \(skipped[scenario] ?? "not prepared")"))
                    continue
                }
                let ceiling = ceilings[connections]
                var row = try await watching(scenario.unwatched != nil) {
                    try await measure(
                        scenario, requests, connections: connections, pacing: .closedLoop, ceiling: ceiling,
                        background: scenario == .loginStorm ? storm : [])
                }
                if let unwatched = scenario.unwatched, let rate = row.summary?.requestsPerSecond,
                    let base = rows.last(where: { $0.name == unwatched.rawValue && $0.connections == connections })?.summary?
                        .requestsPerSecond, base > 0
                {
                    row.note = [row.note, "\(String(format: "%.2f", rate / base))× \(unwatched.rawValue)'s rate with the feed off"]
                        .compactMap { $0 }.joined(separator: "; ")
                }
                if scenario.isWideSortedPage, let rate = row.summary?.requestsPerSecond,
                    let base = rows.last(where: { $0.name == BenchScenario.sortedPageNarrow.rawValue && $0.connections == connections })?
                        .summary?.requestsPerSecond, base > 0
                {
                    row.note = [row.note, "\(BenchReport.percent(rate / base)) of sortedPageNarrow's rate (target ≥ 60 %)"]
                        .compactMap { $0 }.joined(separator: "; ")
                }
                if scenario == .ceiling { ceilings[connections] = row.summary?.requestsPerSecond }
                if let countNote = countNotes[scenario] { row.note = [row.note, countNote].compactMap { $0 }.joined(separator: "; ") }
                if let target = scenario.target(engine: engine), let summary = row.summary {
                    let queryRate = rows.last { $0.name == BenchScenario.query.rawValue && $0.connections == connections }?
                        .summary?.requestsPerSecond
                    row.target = target.description(queryRate: queryRate)
                    row.meetsTarget = target.isMet(
                        requestsPerSecond: summary.requestsPerSecond, ratioToCeiling: row.ratioToCeiling, queryRate: queryRate)
                }
                if scenario == .script, let summary = row.summary {
                    row.target = "≥ 1 000 req/s and p50 < 5 ms"
                    row.meetsTarget = summary.requestsPerSecond >= 1000 && summary.p50Milliseconds < 5
                }
                rows.append(row)
            }
        }
        rows += try await runRealtime(scenarios.filter(\.isRealtime))
        rows += try await runOneShot(scenarios.filter(\.isOneShot))
        guard includesHalfLoad, let connections = connectionCounts.first else { return rows }
        for scenario in scenarios where scenario.hasHalfLoadTarget {
            let best = rows.filter { $0.name == scenario.rawValue }.compactMap { $0.summary?.requestsPerSecond }.max() ?? 0
            guard best > 0, let requests = prepared[scenario] else { continue }
            let rate = best / 2
            var row = try await measure(
                scenario, requests, connections: connections, pacing: .openLoop(requestsPerSecond: rate), ceiling: ceilings[connections])
            row.name = scenario.rawValue + "@50%"
            row.pacing = "open loop at \(BenchReport.grouped(rate)) req/s (50 %)"
            row.target = "p99 ≤ \(Int(BenchSession.halfLoadP99Milliseconds)) ms"
            row.meetsTarget = (row.summary?.p99Milliseconds ?? .infinity) <= BenchSession.halfLoadP99Milliseconds
            rows.append(row)
        }
        return rows
    }

    /// One run of one scenario.
    ///
    /// - Parameter background: requests other connections send during the whole run without being measured (the login
    ///   storm); 16 connections, closed loop.
    private func measure(
        _ scenario: BenchScenario, _ requests: [PreparedRequest], connections: Int, pacing: LoadPacing, ceiling: Double?,
        background: [PreparedRequest] = []
    ) async throws -> BenchMeasurement {
        SystemProbe.resetPeakMemory(processId: server.processId)
        let generatorProcess = getpid()
        var backgroundRun: Task<LoadSummary, any Error>?
        if !background.isEmpty {
            let generator = generator
            let (warmUp, duration) = (warmUp, duration)
            backgroundRun = Task {
                try await generator.run(
                    background, connections: 16, pacing: .closedLoop, warmUp: warmUp, duration: duration, sampledProcesses: []
                ).summary
            }
        }
        let logOffset = server.logSize()
        let (summary, cpuCores) = try await generator.run(
            requests, connections: connections, pacing: pacing, warmUp: warmUp, duration: duration,
            sampledProcesses: [server.processId, generatorProcess])
        var note: String?
        if let backgroundRun {
            let storm = try await backgroundRun.value
            note =
                "during \(storm.succeeded) wrong-password logins answered 401 "
                + "(\(BenchReport.grouped(Double(storm.succeeded) / max(storm.seconds, 0.001))) /s) and \(storm.failed) other answers "
                + "(429 when the hashing queue is full)"
        }
        let stalls = server.stalls(since: logOffset)
        if stalls.count > 0 {
            let text =
                "event-loop ticks ≥ \(ServerProcess.stallThresholdMilliseconds) ms (warm-up included): \(stalls.count), "
                + "longest \(BenchReport.fixed(stalls.longestMilliseconds)) ms"
            note = [note, text].compactMap { $0 }.joined(separator: "; ")
        }
        try await waitUntilDrained()
        let ratio = ceiling.flatMap { $0 > 0 ? summary.requestsPerSecond / $0 : nil } ?? (scenario == .ceiling ? 1 : nil)
        progress(
            "\(scenario.label) × \(connections): \(BenchReport.grouped(summary.requestsPerSecond)) req/s, "
                + "p99 \(BenchReport.fixed(summary.p99Milliseconds)) ms" + (summary.failed > 0 ? ", \(summary.failed) failed" : ""))
        return BenchMeasurement(
            name: scenario.rawValue, label: scenario.label, connections: connections, pacing: "closed loop", summary: summary,
            ratioToCeiling: ratio, serverCPU: cpuCores[server.processId], generatorCPU: cpuCores[generatorProcess],
            peakRSSBytes: SystemProbe.peakResidentBytes(processId: server.processId), note: note)
    }

    /// Why a scenario could not be prepared.
    struct SetupFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Signs up `count` users for the login scenario; fails when the server does not serve `POST /users` yet.
    private func signUpUsers(count: Int) async throws -> Result<[String], SetupFailure> {
        var names: [String] = []
        for index in 0..<count {
            let name = "bench-user-\(index)"
            let body = BenchSession.credentials(userName: name, password: BenchSession.password)
            let request = signer.prepare(APIRouter.print(.objects(.users, .create(body))), expectedStatus: 201)
            let (status, text) = try await sendOnce(request)
            guard status == 201 else {
                return .failure(
                    SetupFailure(description: "POST /users answered HTTP \(status) \(text.prefix(80)) (users are not served yet)"))
            }
            names.append(name)
        }
        return .success(names)
    }

    /// Waits until the next scenario can start on an idle server and an idle server CPU: the server has worked off
    /// requests of closed connections that are still queued for storage (slow scenarios at many connections leave
    /// some) — its CPU use must stay under 5 % of a CPU for a quarter of a second — and the kernel has written back
    /// what the previous scenario left dirty (`sync`) and its CPU is at least 95 % idle for a quarter of a second
    /// (kernel writeback threads are not pinned and otherwise steal the server's CPU in the next run). At most two
    /// minutes each.
    private func waitUntilDrained() async throws {
        let started = ContinuousClock.now
        while ContinuousClock.now - started < .seconds(120) {
            guard let before = SystemProbe.cpuSeconds(processId: server.processId) else { return }
            try await Task.sleep(for: .milliseconds(250))
            guard let after = SystemProbe.cpuSeconds(processId: server.processId) else { return }
            if after - before < 0.0125 { break }
        }
        try await NIOThreadPool.singleton.runIfActive { sync() }
        if let cpu = server.cpu {
            let settled = ContinuousClock.now
            while ContinuousClock.now - settled < .seconds(120) {
                guard let before = SystemProbe.cpuTicks(cpu: cpu) else { break }
                try await Task.sleep(for: .milliseconds(250))
                guard let after = SystemProbe.cpuTicks(cpu: cpu), after.total > before.total else { break }
                if (after.busy - before.busy) / (after.total - before.total) < 0.05 { break }
            }
        }
        let waited = ContinuousClock.now - started
        if waited > .seconds(1) { progress("  (waited \(waited) for the server and its CPU to become idle)") }
    }

    /// Sends one request outside the measured runs.
    func sendOnce(_ prepared: PreparedRequest, timeout: TimeAmount = .seconds(30)) async throws -> (status: UInt, body: String) {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(server.port)" + prepared.head.uri)
        request.method = prepared.head.method
        request.headers = prepared.head.headers
        if let body = prepared.body { request.body = .bytes(body) }
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        let body = try await response.body.collect(upTo: 1024 * 1024)
        return (response.status.code, String(buffer: body))
    }
}
