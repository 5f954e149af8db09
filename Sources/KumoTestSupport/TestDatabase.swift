import Foundation
package import KumoPostgres
package import KumoStorage
package import Logging
import NCMBWire
package import Testing

/// The PostgreSQL server the tests may use, from `KUMO_TEST_POSTGRES_URL` (docs/architecture.md#tests).
///
/// Without the variable, PostgreSQL tests are skipped with ``skipReason``, except under CI (`CI` set), where
/// ``engines`` still lists PostgreSQL so that every PostgreSQL test fails instead of passing unseen.
package enum TestDatabase {
    /// The reason printed for a skipped PostgreSQL test.
    package static let skipReason: Comment = "KUMO_TEST_POSTGRES_URL is not set; PostgreSQL conformance skipped"

    /// `KUMO_TEST_POSTGRES_URL`, or `nil` when unset or empty.
    package static var postgresURL: String? {
        guard let url = ProcessInfo.processInfo.environment["KUMO_TEST_POSTGRES_URL"], !url.isEmpty else { return nil }
        return url
    }

    /// Whether the tests run in CI (`CI` set to anything but `false` or `0`).
    package static var isContinuousIntegration: Bool {
        guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }

    /// Whether PostgreSQL tests run: with a URL, and under CI always (they then fail without one).
    package static var runsPostgres: Bool { postgresURL != nil || isContinuousIntegration }

    /// The engines storage conformance runs on: SQLite always, PostgreSQL when ``runsPostgres``.
    package static var engines: [StorageEngine] { runsPostgres ? [.sqlite, .postgres] : [.sqlite] }

    /// A quiet logger for test storage; `KUMO_TEST_LOG_LEVEL` (e.g. `debug`) makes it talk.
    package static let logger: Logger = {
        var logger = Logger(label: "kumo.test.storage")
        logger.logLevel = ProcessInfo.processInfo.environment["KUMO_TEST_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .critical
        return logger
    }()

    /// The configuration of `KUMO_TEST_POSTGRES_URL` with small pools for tests.
    ///
    /// - Throws: when the variable is missing (only reached under CI) or is not a usable URL.
    package static func postgresConfiguration() throws -> PostgresConfiguration {
        guard let url = postgresURL else {
            throw TestDatabaseError(
                "KUMO_TEST_POSTGRES_URL is not set but CI is: the PostgreSQL half of the suite must run in CI (.ci/postgres-setup)")
        }
        var configuration = try PostgresConfiguration(url: url)
        configuration.maximumConnections = 4
        // Generous: the whole suite runs side by side on CI's two cores, where a fresh schema's migrations once took
        // longer than 30 s; the tests of the deadline itself set their own.
        configuration.timeout = .seconds(120)
        return configuration
    }

    /// A fresh lowercase name such as `kumo_test_3f9a…`, unique across processes.
    package static func scratchName(_ prefix: String = "kumo_test") -> String {
        "\(prefix)_" + UUID().uuidString.lowercased().filter { $0 != "-" }
    }

    /// Runs `body` with the configuration of a fresh schema, then drops the schema.
    ///
    /// At most a few scratch schemas are in use at once, so parallel tests stay within the server's connections.
    package static func withScratchSchema<Value>(_ body: (PostgresConfiguration) async throws -> Value) async throws -> Value {
        var configuration = try postgresConfiguration()
        configuration.schema = scratchName()
        await scratchSlots.acquire()
        do {
            let value = try await body(configuration)
            try await removeSchema(of: configuration)
            await scratchSlots.release()
            return value
        } catch {
            try? await removeSchema(of: configuration)
            await scratchSlots.release()
            throw error
        }
    }

    /// Runs `body` with the configuration of a fresh database (for tests that cut a database off or start
    /// processes), then drops the database. The role of the URL needs `CREATEDB`.
    package static func withScratchDatabase<Value>(_ body: (PostgresConfiguration) async throws -> Value) async throws -> Value {
        let server = try postgresConfiguration()
        var configuration = server
        configuration.database = scratchName("kumo_scratch")
        try await PostgresMaintenance.createDatabase(configuration.database, on: server, logger: logger)
        do {
            let value = try await body(configuration)
            try await PostgresMaintenance.dropDatabase(configuration.database, on: server, logger: logger)
            return value
        } catch {
            try? await PostgresMaintenance.dropDatabase(configuration.database, on: server, logger: logger)
            throw error
        }
    }

    /// The URL of a configuration, password included, for child processes.
    package static func url(of configuration: PostgresConfiguration) -> String {
        var url = "postgres://\(configuration.username)"
        if let password = configuration.password {
            url += ":" + (password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password)
        }
        url += "@\(configuration.host):\(configuration.port)/\(configuration.database)"
        var parameters: [String] = []
        if let schema = configuration.schema { parameters.append("schema=\(schema)") }
        if configuration.transportSecurity != .prefer { parameters.append("sslmode=\(configuration.transportSecurity.rawValue)") }
        return parameters.isEmpty ? url : url + "?" + parameters.joined(separator: "&")
    }

    /// Cuts a database off as a server restart does (open sessions terminated, new ones refused), or lets it back.
    package static func setConnectionsAllowed(_ isAllowed: Bool, database configuration: PostgresConfiguration) async throws {
        let server = try postgresConfiguration()
        try await PostgresMaintenance.setConnectionsAllowed(isAllowed, database: configuration.database, on: server, logger: logger)
    }

    /// How many migrations a fresh schema gets from this build.
    package static var migrationCount: Int { PostgresStorage.migrationCount }

    /// The number of rows of `schema_migrations` in the configuration's schema, read through a storage opened for it.
    package static func appliedMigrationCount(of configuration: PostgresConfiguration) async throws -> Int {
        try await PostgresStorage.open(configuration: configuration, logger: logger).closing { storage in
            try await storage.appliedMigrationCount()
        }
    }

    /// The instances' heartbeat rows of the configuration's schema (docs/decisions/0149-instances-on-the-overview.md),
    /// however old, read through a storage opened for it.
    package static func instanceHeartbeats(of configuration: PostgresConfiguration) async throws -> [InstanceHeartbeat] {
        try await PostgresStorage.open(configuration: configuration, logger: logger).closing { storage in
            try await storage.admins.instances(heartbeatSince: WireDate(millisecondsSince1970: 0))
        }
    }

    /// Turns a staging import job of the configuration's schema into one that a runner claimed and then stopped with
    /// (docs/decisions/0155-import-jobs-in-the-database.md): `running`, leased to an instance that does not exist until
    /// `leaseMilliseconds` from now. Returns whether the job was found staging and changed.
    package static func strandImportJob(_ id: String, of configuration: PostgresConfiguration, leaseMilliseconds: Int64) async throws
        -> Bool
    {
        try await PostgresStorage.open(configuration: configuration, logger: logger).closing { storage in
            guard var job = try await storage.importJobs.job(id: id), job.state == "staging" else { return false }
            let version = job.version
            job.state = "running"
            job.leaseOwner = "stopped-instance"
            job.leaseUntil = WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000) + leaseMilliseconds)
            return try await storage.importJobs.update(job, condition: .version(version)) != nil
        }
    }

    private static func removeSchema(of configuration: PostgresConfiguration) async throws {
        guard let schema = configuration.schema else { return }
        try await PostgresMaintenance.dropSchema(schema, on: configuration, logger: logger)
    }

    private static let scratchSlots = AsyncSlots(6)
}

/// A PostgreSQL test prerequisite is missing; the message says which.
package struct TestDatabaseError: Error, CustomStringConvertible {
    /// What is missing.
    package let description: String

    /// Creates an error.
    package init(_ description: String) {
        self.description = description
    }
}

/// A counting semaphore for async code: at most `count` holders at once, the others wait in arrival order.
package actor AsyncSlots {
    private var available: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Creates slots for `count` holders at once.
    package init(_ count: Int) {
        available = count
    }

    /// Waits for a free slot and takes it.
    package func acquire() async {
        if available > 0 {
            available -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Runs `body` holding a slot, and gives the slot back whether `body` returns or throws.
    package func withSlot<Value: Sendable>(_ body: @Sendable () async throws -> Value) async throws -> Value {
        await acquire()
        do {
            let value = try await body()
            release()
            return value
        } catch {
            release()
            throw error
        }
    }

    /// Gives a slot back (to the longest waiter, if any).
    package func release() {
        if waiters.isEmpty {
            available += 1
        } else {
            waiters.removeFirst().resume()
        }
    }
}
