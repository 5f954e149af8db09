package import KumoStorage
package import Logging
import SQLiteNIO

/// The embedded storage engine: one SQLite database in WAL mode (architecture §7.6).
///
/// One writer connection commits writes in groups (``SQLiteWriter``); a pool of read-only connections serves reads
/// (``SQLiteReaderPool``). Opening applies pending migrations before any reader opens.
package struct SQLiteStorage: StorageBackend {
    package let applications: any ApplicationStore
    package let objects: any ObjectStore
    private let writer: SQLiteWriter
    private let readers: SQLiteReaderPool

    private init(writer: SQLiteWriter, readers: SQLiteReaderPool) {
        self.writer = writer
        self.readers = readers
        self.applications = SQLiteApplicationStore(writer: writer, readers: readers)
        self.objects = SQLiteObjectStore(writer: writer, readers: readers)
    }

    /// Opens (creating when missing) and migrates the database.
    ///
    /// - Throws: `StorageError.unavailable` when the file cannot be opened or a migration fails.
    package static func open(configuration: SQLiteConfiguration, logger: Logger) async throws -> SQLiteStorage {
        var opened: [SQLiteConnection] = []
        do {
            let writerConnection = try await openConnection(configuration: configuration, logger: logger)
            opened.append(writerConnection)
            let writerTransaction = SQLiteTransaction(connection: writerConnection, logger: logger)
            for pragma in [
                "PRAGMA journal_mode = WAL", "PRAGMA synchronous = \(configuration.synchronous.rawValue)", "PRAGMA foreign_keys = ON",
            ] {
                try await writerTransaction.execute(pragma)
            }
            let version = try await SQLiteMigrator.migrate(writerTransaction, logger: logger)
            var readerConnections: [SQLiteConnection] = []
            for _ in 0..<max(1, configuration.readerCount) {
                let connection = try await openConnection(configuration: configuration, logger: logger)
                opened.append(connection)
                try await SQLiteTransaction(connection: connection, logger: logger).execute("PRAGMA query_only = 1")
                readerConnections.append(connection)
            }
            logger.info(
                "Opened SQLite storage",
                metadata: ["path": "\(configuration.databasePath)", "schema_version": "\(version)", "readers": "\(readerConnections.count)"]
            )
            return SQLiteStorage(
                writer: SQLiteWriter(connection: writerConnection, maximumBatch: configuration.maximumBatch, logger: logger),
                readers: SQLiteReaderPool(connections: readerConnections, logger: logger)
            )
        } catch {
            for connection in opened { try? await connection.close() }
            if let error = error as? SQLiteError { throw StorageError(sqliteError: error, logger: logger) }
            throw error
        }
    }

    package func checkHealth() async throws {
        _ = try await readers.read { transaction in try await transaction.rows("SELECT 1") }
    }

    package func close() async throws {
        try await writer.close()
        try await readers.close()
    }

    /// The result of `PRAGMA integrity_check`: `ok` for a sound database.
    package func integrityCheck() async throws -> String {
        try await readers.read { transaction in
            try await transaction.rows("PRAGMA integrity_check").compactMap { $0.columns.first?.data.string }.joined(separator: "\n")
        }
    }

    /// The applied schema version (the highest row of `schema_migrations`).
    package func schemaVersion() async throws -> Int {
        try await readers.read { transaction in try await SQLiteMigrator.version(transaction) }
    }

    /// The number of applied migrations (rows of `schema_migrations`), to check that each ran once.
    package func appliedMigrationCount() async throws -> Int {
        try await readers.read { transaction in
            try await transaction.rows("SELECT COUNT(*) AS count FROM schema_migrations").first?.column("count")?.integer.map { Int($0) } ?? 0
        }
    }

    /// Opens one connection with the settings every connection shares: busy timeout and custom functions.
    private static func openConnection(configuration: SQLiteConfiguration, logger: Logger) async throws -> SQLiteConnection {
        let connection = try await SQLiteConnection.open(storage: .file(path: configuration.databasePath), logger: logger)
        do {
            _ = try await connection.query("PRAGMA busy_timeout = \(max(0, configuration.busyTimeoutMilliseconds))")
            for function in SQLiteFunctions.all() { try await connection.install(customFunction: function) }
        } catch {
            try? await connection.close()
            throw error
        }
        return connection
    }
}
