import ArgumentParser
import Foundation
import KumoPostgres
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
            For each engine of --engines, one after the other: seeds a fresh database (SQLite in a temporary directory, \
            PostgreSQL in a scratch schema `kumo_bench_…` of the --database or KUMO_DATABASE URL, dropped at the end), \
            indexes BenchItem.score, starts `kumo serve` on it and drives each scenario with keep-alive connections for \
            a fixed duration. With two or more CPUs the server is pinned to CPU 0 and this process (load generator, \
            seeding, in-process storage baseline) to CPU 1.
            Scenarios: \(BenchScenario.allCases.map(\.rawValue).joined(separator: ", ")).
            """)

    @Option(help: "PostgreSQL URL (postgres://…) for the postgres engine; defaults to KUMO_DATABASE. Only a scratch schema is used.")
    var database: String?

    @Option(help: "Comma-separated engines: sqlite, postgres (default: sqlite, or postgres when --database is a postgres:// URL).")
    var engines: String?

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

    @Flag(
        name: .customLong("no-indexes"),
        help: "Do not create the bench indexes on BenchItem (score, stats.score, category+score), for before/after comparisons.")
    var skipsIndexes = false

    @Option(
        name: .customLong("extra-indexes"),
        help: "Indexes (0…3) on BenchCreate (score, name, category), to measure their cost on the create scenario.")
    var extraIndexes = 0

    @Flag(name: .customLong("no-pinning"), help: "Do not pin the server and the generator to separate CPUs.")
    var disablesPinning = false

    @Flag(name: .customLong("skip-half-load"), help: "Skip the open-loop runs at half of the maximum throughput.")
    var skipsHalfLoad = false

    @Flag(
        name: .customLong("keep-data"),
        help: "Keep the temporary data directory (database and server log) and the PostgreSQL scratch schema for inspection.")
    var keepsData = false

    @Option(name: .customLong("realtime-subscribers"), help: "Idle subscribers of the realtimeIdle scenario.")
    var realtimeSubscribers = 10_000

    @Option(name: .customLong("fanout-subscribers"), help: "Subscribers every write of the realtimeFanout scenario reaches.")
    var fanOutSubscribers = 1000

    @Option(name: .customLong("fanout-writes"), help: "Measured writes of the realtimeFanout scenario, sent one at a time.")
    var fanOutWrites = 200

    @Option(
        name: .customLong("server-executable"),
        help: "Benchmark another kumo build as the server (A/B comparisons); seeding and the generator stay this build's.")
    var serverExecutable: String?

    func validate() throws {
        guard duration > 0, warmUp >= 0 else { throw ValidationError("--duration must be positive and --warm-up not negative") }
        guard objects > 0 else { throw ValidationError("--objects must be positive") }
        guard realtimeSubscribers > 0, fanOutSubscribers > 0, fanOutWrites > 0 else {
            throw ValidationError("--realtime-subscribers, --fanout-subscribers and --fanout-writes must be positive")
        }
        guard (0...BenchDataset.extraIndexFields.count).contains(extraIndexes) else {
            throw ValidationError("--extra-indexes takes 0 to \(BenchDataset.extraIndexFields.count)")
        }
        guard BenchScenario.parseList(scenarios) != nil else {
            throw ValidationError("--scenarios takes names among: \(BenchScenario.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard !connectionCounts.isEmpty, connectionCounts.allSatisfy({ $0 > 0 }) else {
            throw ValidationError("--connections takes positive counts, e.g. 64,256")
        }
        if let database, database != "sqlite", !BenchEngine.isPostgresURL(database) {
            throw ValidationError("--database takes a postgres:// URL (SQLite always runs in a temporary directory), not '\(database)'")
        }
        guard let selectedEngines else {
            throw ValidationError("--engines takes distinct names among: \(BenchEngine.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if selectedEngines.contains(.postgres) {
            guard let postgresURL else {
                throw ValidationError(
                    "--engines postgres needs a PostgreSQL URL: pass --database postgres://user:password@host:5432/database "
                        + "or set KUMO_DATABASE (the bench only uses a scratch schema of it, dropped at the end)")
            }
            do {
                _ = try PostgresConfiguration(url: postgresURL)
            } catch {
                throw ValidationError("--database: \(error)")
            }
        }
    }

    var connectionCounts: [Int] { connections.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } }

    /// The engines to run, in order: `--engines`, else PostgreSQL when `--database` is a PostgreSQL URL, else SQLite.
    var selectedEngines: [BenchEngine]? {
        if let engines { return BenchEngine.parseList(engines) }
        return database.map(BenchEngine.isPostgresURL) == true ? [.postgres] : [.sqlite]
    }

    /// The PostgreSQL URL: `--database`, else the environment's `KUMO_DATABASE`, when it is a PostgreSQL URL.
    var postgresURL: String? {
        [database, ProcessInfo.processInfo.environment["KUMO_DATABASE"]].compactMap { $0 }.first(where: BenchEngine.isPostgresURL)
    }

    func run() async throws {
        let logger = LoggingSetup.bootstrap(level: "warning")
        let selectedScenarios = BenchScenario.parseList(scenarios) ?? BenchScenario.allCases
        let isPinned = !disablesPinning && SystemProbe.processorCount >= 2 && SystemProbe.pin(processId: getpid(), toCPU: 1)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-bench-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer {
            if keepsData { progress("Data kept in \(directory)") } else { try? FileManager.default.removeItem(atPath: directory) }
        }
        var measurements: [BenchMeasurement] = []
        var databases: [(engine: String, description: String)] = []
        for engine in selectedEngines ?? [.sqlite] {
            let database = try BenchDatabase.prepare(
                engine: engine, parentDirectory: directory, postgresURL: postgresURL, synchronous: synchronous)
            progress("Engine \(engine.rawValue): \(database.description)")
            let rows: [BenchMeasurement]
            do {
                rows = try await measure(database, scenarios: selectedScenarios, isPinned: isPinned, logger: logger)
            } catch {
                await database.removeScratchSchema(keeps: keepsData, logger: logger)
                throw error
            }
            await database.removeScratchSchema(keeps: keepsData, logger: logger)
            measurements += rows.map { row in
                var tagged = row
                tagged.engine = engine.rawValue
                return tagged
            }
            databases.append((engine.rawValue, database.description))
        }

        let report = BenchReport(
            command: "swift run -c release kumo " + CommandLine.arguments.dropFirst().joined(separator: " "),
            machine: SystemProbe.machineDescription(),
            cpuSplit: isPinned
                ? "server (kumo serve) pinned to CPU 0; load generator, seeding and in-process baselines pinned to CPU 1"
                : "not pinned: server and generator share \(SystemProbe.processorCount) CPU(s)",
            databases: databases, itemCount: objects, durationSeconds: duration, warmUpSeconds: warmUp, measurements: measurements)
        let indexes =
            skipsIndexes
            ? "none (--no-indexes)" : "BenchItem score:number, BenchItem stats.score:number, BenchItem category:string,score:number"
        let extra = extraIndexes > 0 ? "; \(extraIndexes) on BenchCreate (--extra-indexes)" : ""
        let summary =
            "\nMachine: \(report.machine). CPU split: \(report.cpuSplit). Databases: \(report.database). "
            + "Indexes: \(indexes)\(extra). Rate limits: off (the server under test runs with KUMO_RATE_LIMIT_PER_ADDRESS=0 and "
            + "KUMO_RATE_LIMIT_PER_APPLICATION=0, so the numbers measure the server, not the limiter).\n"
        FileHandle.standardOutput.write(Data((report.markdown + "\n" + summary).utf8))
        if let jsonPath { try Data(report.json.utf8).write(to: URL(fileURLWithPath: jsonPath)) }
    }
}

/// Progress lines on standard error, so that standard output holds only the report.
func progress(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
