import ArgumentParser
import Foundation
import KumoPostgres
import KumoSQLite
import KumoStorage
import Logging
import NIOCore

/// Options shared by every command that touches data: which engine, and its settings.
struct StorageOptions: ParsableArguments {
    @Option(setting: "data-dir")
    var dataDirectory = ProcessInfo.processInfo.environment["KUMO_DATA_DIR"] ?? "./kumo-data"

    @Option(setting: "database")
    var database = ProcessInfo.processInfo.environment["KUMO_DATABASE"] ?? "sqlite"

    @Option(setting: "database-timeout")
    var databaseTimeout = ServeSettings.variable("KUMO_DATABASE_TIMEOUT", as: Double.self) ?? 5

    @Option(setting: "database-maximum-connections")
    var databaseMaximumConnections = ServeSettings.variable("KUMO_DATABASE_MAXIMUM_CONNECTIONS", as: Int.self) ?? 20

    @Option(setting: "sqlite-synchronous")
    var synchronous = ProcessInfo.processInfo.environment["KUMO_STORAGE_SQLITE_SYNCHRONOUS"] ?? "full"

    /// Where file bytes live: the engine's own store or an S3-compatible bucket (docs/decisions/0132-file-bytes-on-s3.md).
    @OptionGroup var fileStorage: FileStorageOptions

    /// Whether `--database` selects PostgreSQL.
    var usesPostgres: Bool { database.hasPrefix("postgres://") || database.hasPrefix("postgresql://") }

    /// Where the data lives, for banners: the SQLite file inside the data directory, or the PostgreSQL URL without its
    /// password.
    var databasePath: String {
        if usesPostgres, let configuration = try? postgresConfiguration() { return configuration.redactedDescription }
        return URL(fileURLWithPath: dataDirectory).appendingPathComponent("kumo.sqlite").path
    }

    /// Opens the selected engine: PostgreSQL for a `postgres://` URL, otherwise the embedded SQLite engine (creating
    /// the data directory when needed).
    ///
    /// - Parameter readLimits: the work budget of reads: `kumo serve` passes its limits, the other commands none.
    /// - Parameter slowQueries: where finds slower than its threshold are noted for the index advisor (`kumo serve`).
    /// - Parameter eventLoopGroup: the server's event loops, which PostgreSQL's connections then share (`kumo serve`).
    /// - Parameter publishesChanges: whether PostgreSQL announces writes to every instance's change feed (`kumo serve`
    ///   with realtime on); SQLite's feed costs nothing until someone listens.
    /// - Parameter engineFilesOnly: keep the engine's own file store whatever `--file-storage` says (`kumo files copy`).
    /// - Parameter objectLimits: how large an object may become (`kumo serve` passes its limits, the others the default).
    func openStorage(
        logger: Logger, readLimits: ReadLimits = .unlimited, slowQueries: SlowQueryRecorder? = nil,
        eventLoopGroup: (any EventLoopGroup)? = nil, publishesChanges: Bool = false, engineFilesOnly: Bool = false,
        objectLimits: ObjectLimits = .standard
    ) async throws -> any StorageBackend {
        let storage = try await openEngine(
            logger: logger, readLimits: readLimits, slowQueries: slowQueries, eventLoopGroup: eventLoopGroup,
            publishesChanges: publishesChanges, objectLimits: objectLimits)
        return engineFilesOnly ? storage : try fileStorage.applied(to: storage)
    }

    /// The engine alone, its file bytes in its own store.
    private func openEngine(
        logger: Logger, readLimits: ReadLimits, slowQueries: SlowQueryRecorder?, eventLoopGroup: (any EventLoopGroup)?,
        publishesChanges: Bool, objectLimits: ObjectLimits
    ) async throws -> any StorageBackend {
        if usesPostgres {
            var configuration = try postgresConfiguration()
            configuration.publishesChanges = publishesChanges
            configuration.objectLimits = objectLimits
            configuration.readLimits = readLimits
            configuration.slowQueries = slowQueries
            return try await PostgresStorage.open(configuration: configuration, eventLoopGroup: eventLoopGroup, logger: logger)
        }
        guard database == "sqlite" else {
            throw ValidationError("--database must be 'sqlite' or a postgres:// URL, not '\(database)'")
        }
        try checkDataDirectory()
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        var configuration = SQLiteConfiguration(databasePath: databasePath)
        configuration.readLimits = readLimits
        configuration.objectLimits = objectLimits
        configuration.slowQueries = slowQueries
        switch synchronous.lowercased() {
        case "full": configuration.synchronous = .full
        case "normal": configuration.synchronous = .normal
        default: throw ValidationError("--sqlite-synchronous must be 'full' or 'normal', not '\(synchronous)'")
        }
        return try await SQLiteStorage.open(configuration: configuration, logger: logger)
    }

    /// Fails, naming the directory, the user and the permissions, unless SQLite's data directory (and the database files
    /// already in it) can be written or created: checked before anything is created in it.
    func checkDataDirectory() throws {
        guard !usesPostgres else { return }
        try StartupCheck.writableDirectory(
            dataDirectory, flag: "--data-dir",
            files: ["kumo.sqlite", "kumo.sqlite-wal", "kumo.sqlite-shm", "kumo.sqlite-files"])
    }

    /// The PostgreSQL settings from `--database`, `--database-timeout` and `--database-maximum-connections`.
    private func postgresConfiguration() throws -> PostgresConfiguration {
        var configuration: PostgresConfiguration
        do {
            configuration = try PostgresConfiguration(url: database)
        } catch {
            throw ValidationError("--database: \(error)")
        }
        guard databaseTimeout > 0, databaseTimeout <= 3600 else {
            throw ValidationError("--database-timeout must be between 0 and 3600 seconds, not \(databaseTimeout)")
        }
        guard databaseMaximumConnections >= 1 else {
            throw ValidationError("--database-maximum-connections must be at least 1, not \(databaseMaximumConnections)")
        }
        configuration.timeout = .milliseconds(Int64(databaseTimeout * 1000))
        configuration.maximumConnections = databaseMaximumConnections
        return configuration
    }
}

extension StorageOptions {
    /// Opens storage for a management command, runs `body` and closes storage, also when `body` throws: the one
    /// open-use-close of the `kumo` subcommands.
    ///
    /// - Parameter logger: The command's logger; without one, logging is set up at `warning` level first, which a
    ///   process does once.
    /// - Returns: What `body` returns.
    func withStorage<Value>(
        logger: Logger? = nil, _ body: (any StorageBackend) async throws -> Value
    ) async throws -> Value {
        try await openStorage(logger: logger ?? LoggingSetup.bootstrap(level: "warning")).closing(after: body)
    }

    /// ``withStorage(logger:_:)`` with the engine's own file store, whatever `--file-storage` says.
    func withEngineStorage<Value>(_ body: (any StorageBackend) async throws -> Value) async throws -> Value {
        try await openStorage(logger: LoggingSetup.bootstrap(level: "warning"), engineFilesOnly: true).closing(after: body)
    }
}
