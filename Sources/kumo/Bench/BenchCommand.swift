import ArgumentParser
import Foundation
import KumoSeams
import KumoServer
import KumoStorage
import NCMBWire
import NIOCore
import NIOPosix

/// `kumo bench`: starts Kumo on a seeded database and measures it over real HTTP on loopback.
///
/// Every number is reported with the HTTP ceiling measured in the same run (`GET /health` on the same server), so runs on
/// different or busy machines stay comparable. Build in release mode: `swift run -c release kumo bench`.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure Kumo over real HTTP on loopback and print a Markdown table (run it from a release build).",
        discussion: """
            Starts `kumo serve` on a temporary SQLite database (or --database), seeds it, and drives each scenario with \
            keep-alive connections for a fixed duration. With two or more CPUs the server is pinned to CPU 0 and this \
            process (load generator, seeding, in-process storage baseline) to CPU 1.
            Scenarios: \(BenchScenario.allCases.map(\.rawValue).joined(separator: ", ")).
            """)

    @Option(help: "PostgreSQL URL (postgres://…) to benchmark instead of SQLite in a temporary directory.")
    var database: String?

    @Option(help: "Measured seconds per scenario and connection count.")
    var duration = 10

    @Option(name: .customLong("warm-up"), help: "Unmeasured seconds before each measured window.")
    var warmUp = 2

    @Option(help: "Comma-separated connection counts.")
    var connections = "64,256"

    @Option(help: "Comma-separated scenarios (the ceiling always runs).")
    var scenarios = BenchScenario.allCases.map(\.rawValue).joined(separator: ",")

    @Option(name: .customLong("json"), help: "Also write the results as JSON to this file.")
    var jsonPath: String?

    @Option(help: "Number of seeded objects the read scenarios query.")
    var objects = 100_000

    @Option(name: .customLong("sqlite-synchronous"), help: "SQLite durability of the server under test: full or normal.")
    var synchronous = "full"

    @Flag(name: .customLong("no-pinning"), help: "Do not pin the server and the generator to separate CPUs.")
    var disablesPinning = false

    @Flag(name: .customLong("skip-half-load"), help: "Skip the open-loop runs at half of the maximum throughput.")
    var skipsHalfLoad = false

    @Flag(name: .customLong("keep-data"), help: "Keep the temporary data directory (database and server log) for inspection.")
    var keepsData = false

    @Option(
        name: .customLong("server-executable"),
        help: "Benchmark another kumo build as the server (A/B comparisons); seeding and the generator stay this build's.")
    var serverExecutable: String?

    func validate() throws {
        guard duration > 0, warmUp >= 0 else { throw ValidationError("--duration must be positive and --warm-up not negative") }
        guard objects > 0 else { throw ValidationError("--objects must be positive") }
        guard BenchScenario.parseList(scenarios) != nil else {
            throw ValidationError("--scenarios takes names among: \(BenchScenario.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard !connectionCounts.isEmpty, connectionCounts.allSatisfy({ $0 > 0 }) else {
            throw ValidationError("--connections takes positive counts, e.g. 64,256")
        }
    }

    var connectionCounts: [Int] { connections.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } }

    func run() async throws {
        let logger = LoggingSetup.bootstrap(level: "warning")
        let selectedScenarios = BenchScenario.parseList(scenarios) ?? BenchScenario.allCases
        let isPinned = !disablesPinning && SystemProbe.processorCount >= 2 && SystemProbe.pin(processId: getpid(), toCPU: 1)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-bench-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer {
            if keepsData { progress("Data kept in \(directory)") } else { try? FileManager.default.removeItem(atPath: directory) }
        }
        var storageArguments = ["--data-dir", directory, "--sqlite-synchronous", synchronous]
        if let database { storageArguments += ["--database", database] }

        let (dataset, baselines) = try await StorageOptions.parse(storageArguments).withStorage(logger: logger) { storage in
            let seedingStart = ContinuousClock.now
            progress("Seeding \(objects) objects …")
            let dataset = try await BenchDataset.seed(storage: storage, itemCount: objects)
            progress("Seeded in \(ContinuousClock.now - seedingStart).")
            if selectedScenarios.contains(.script) {
                let deployment = ScriptDeployment(
                    applicationId: dataset.application.applicationId, name: BenchDataset.scriptName, code: BenchDataset.scriptCode)
                _ = try await storage.scripts.deploy(deployment, maximumCount: 100, now: SystemWallClock().now())
            }
            return (dataset, try await storageBaselines(storage: storage, dataset: dataset))
        }
        var measurements = baselines

        let server = try await ServerProcess.start(
            executable: serverExecutable ?? SystemProbe.executablePath, arguments: storageArguments,
            logPath: directory + "/server.log", cpu: isPinned ? 0 : nil)
        let eventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        do {
            let session = BenchSession(
                server: server,
                generator: LoadGenerator(eventLoops: Array(eventLoopGroup.makeIterator()), host: "127.0.0.1", port: server.port),
                signer: RequestSigner(
                    applicationKey: dataset.application.applicationKey, clientKey: dataset.application.clientKey, host: "127.0.0.1",
                    port: server.port, timestamp: SystemWallClock().now().formatted),
                dataset: dataset, warmUp: .seconds(warmUp), duration: .seconds(duration))
            measurements += try await session.runAll(
                selectedScenarios, connectionCounts: connectionCounts, includesHalfLoad: !skipsHalfLoad)
        } catch {
            await server.stop()
            try? await eventLoopGroup.shutdownGracefully()
            throw error
        }
        await server.stop()
        try await eventLoopGroup.shutdownGracefully()

        let report = BenchReport(
            command: "swift run -c release kumo " + CommandLine.arguments.dropFirst().joined(separator: " "),
            machine: SystemProbe.machineDescription(),
            cpuSplit: isPinned
                ? "server (kumo serve) pinned to CPU 0; load generator, seeding and in-process baselines pinned to CPU 1"
                : "not pinned: server and generator share \(SystemProbe.processorCount) CPU(s)",
            database: database.map { _ in "PostgreSQL (--database)" }
                ?? "SQLite, WAL, synchronous=\(synchronous.uppercased()), temporary directory",
            itemCount: objects, durationSeconds: duration, warmUpSeconds: warmUp, measurements: measurements)
        let summary = "\nMachine: \(report.machine). CPU split: \(report.cpuSplit). Database: \(report.database). Rate limits: off (the server under test runs with KUMO_RATE_LIMIT_PER_ADDRESS=0 and KUMO_RATE_LIMIT_PER_APPLICATION=0, so the numbers measure the server, not the limiter).\n"
        FileHandle.standardOutput.write(Data((report.markdown + "\n" + summary).utf8))
        if let jsonPath { try Data(report.json.utf8).write(to: URL(fileURLWithPath: jsonPath)) }
    }

    /// In-process inserts and point reads on the seeded storage, at the first connection count.
    private func storageBaselines(storage: any StorageBackend, dataset: BenchDataset) async throws -> [BenchMeasurement] {
        let baseline = StorageBaseline(storage: storage, dataset: dataset)
        let concurrency = connectionCounts.first ?? 64
        var rows: [BenchMeasurement] = []
        for (name, label) in [("storage.insert", "storage insert, in-process"), ("storage.getById", "storage getById, in-process")] {
            SystemProbe.resetPeakMemory(processId: getpid())
            let cpuStart = SystemProbe.cpuSeconds(processId: getpid())
            let summary =
                name == "storage.insert"
                ? try await baseline.inserts(concurrency: concurrency, warmUp: .seconds(warmUp), duration: .seconds(duration))
                : try await baseline.pointReads(concurrency: concurrency, warmUp: .seconds(warmUp), duration: .seconds(duration))
            let cpuEnd = SystemProbe.cpuSeconds(processId: getpid())
            let cpu = cpuStart.flatMap { start in cpuEnd.map { ($0 - start) / Double(duration + warmUp) } }
            progress("\(label) × \(concurrency): \(BenchReport.grouped(summary.requestsPerSecond)) op/s")
            rows.append(
                BenchMeasurement(
                    name: name, label: label, connections: concurrency, pacing: "closed loop", summary: summary, serverCPU: cpu,
                    peakRSSBytes: SystemProbe.peakResidentBytes(processId: getpid()),
                    note: "no HTTP; CPU and RSS of the benchmark process"))
        }
        return rows
    }
}

/// Progress lines on standard error, so that standard output holds only the report.
func progress(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
