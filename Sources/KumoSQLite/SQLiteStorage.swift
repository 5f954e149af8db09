package import KumoStorage
package import Logging
package import Metrics
import NIOPosix

/// The embedded storage engine: one SQLite database in WAL mode (docs/architecture.md#sqlite-engine-kumosqlite).
///
/// One writer connection commits writes in groups (``SQLiteWriter``); a pool of read-only connections serves reads
/// (``SQLiteReaderPool``). Opening applies pending migrations before any reader opens.
package struct SQLiteStorage: SQLStorageBackend {
    /// Every store, over this database's writer and readers.
    package let stores: SQLStorage
    /// File bytes, on disk under ``SQLiteConfiguration/blobDirectory``.
    package let blobs: any BlobStore
    /// Every committed write, published by the writer after each group commit while someone listens.
    package let changeFeed: ChangeFeed?
    private let writer: SQLiteWriter
    private let readers: SQLiteReaderPool
    private let threadPool: NIOThreadPool

    private init(
        writer: SQLiteWriter, readers: SQLiteReaderPool, threadPool: NIOThreadPool, blobs: any BlobStore,
        options: SQLStoreOptions, changeFeed: ChangeFeed
    ) {
        self.changeFeed = changeFeed
        self.writer = writer
        self.readers = readers
        self.threadPool = threadPool
        self.stores = SQLStorage(engine: SQLiteEngine(writer: writer, readers: readers), options: options)
        self.blobs = blobs
    }

    /// Opens (creating when missing) and migrates the database.
    ///
    /// - Parameter metrics: where the group commit's batch sizes and durations go (docs/operations.md#metrics); the
    ///   process's bootstrapped metrics system by default.
    /// - Throws: `StorageError.unavailable` when the file cannot be opened or a migration fails.
    package static func open(
        configuration: SQLiteConfiguration, logger: Logger, metrics: any MetricsFactory = MetricsSystem.factory
    ) async throws -> SQLiteStorage {
        // One thread per connection: the writer's fsync never holds up a read, and readers run side by side.
        let threadPool = NIOThreadPool(numberOfThreads: max(1, configuration.readerCount) + 1)
        threadPool.start()
        var opened: [SQLiteConnection] = []
        do {
            let writerConnection = try await openConnection(configuration: configuration, threadPool: threadPool, logger: logger)
            opened.append(writerConnection)
            let synchronous = configuration.synchronous.rawValue
            let version = try await writerConnection.run { transaction in
                for pragma in [
                    "PRAGMA journal_mode = WAL", "PRAGMA synchronous = \(synchronous)", "PRAGMA foreign_keys = ON",
                    "PRAGMA analysis_limit = 1000",
                ] {
                    try transaction.execute(pragma)
                }
                return try SQLiteMigrator.migrate(transaction, logger: logger)
            }
            var readerConnections: [SQLiteConnection] = []
            for _ in 0..<max(1, configuration.readerCount) {
                let connection = try await openConnection(configuration: configuration, threadPool: threadPool, logger: logger)
                opened.append(connection)
                try await connection.run { try $0.execute("PRAGMA query_only = 1") }
                readerConnections.append(connection)
            }
            logger.info(
                "Opened SQLite storage",
                metadata: [
                    "path": "\(configuration.databasePath)", "schema_version": "\(version)", "readers": "\(readerConnections.count)",
                ]
            )
            let changeFeed = ChangeFeed()
            return SQLiteStorage(
                writer: SQLiteWriter(
                    connection: writerConnection, maximumBatch: configuration.maximumBatch, feed: changeFeed, metrics: metrics),
                readers: SQLiteReaderPool(connections: readerConnections, limits: configuration.readLimits),
                threadPool: threadPool,
                blobs: DiskBlobStore(directory: configuration.resolvedBlobDirectory, blockingPool: NIOBlockingWorkPool()),
                options: configuration.storeOptions, changeFeed: changeFeed
            )
        } catch {
            for connection in opened { try? await connection.close() }
            try? await threadPool.shutdownGracefully()
            if let error = error as? SQLiteFailure { throw StorageError(sqliteError: error, logger: logger) }
            throw error
        }
    }

    /// One unit of the writer: the whole `body` runs in one savepoint of one group commit.
    package func transaction<Value: Sendable>(_ body: @escaping @Sendable (any StorageBackend) async throws -> Value) async throws -> Value
    {
        let blobs = blobs
        let objectLimits = stores.options.objectLimits
        return try await writer.perform { transaction in
            try await body(SQLUnitStorage(executor: transaction, dialect: SQLiteDialect(), blobs: blobs, objectLimits: objectLimits))
        }
    }

    package func checkHealth() async throws {
        _ = try await readers.read(limited: false) { transaction in try transaction.rows("SELECT 1") }
    }

    package func close() async throws {
        try await writer.close()
        changeFeed?.finish()
        try await readers.close()
        try await threadPool.shutdownGracefully()
    }

    /// How many reads ran on the calling thread (point lookups) and how many on the storage's thread pool.
    package var readCounts: (callingThread: Int, threadPool: Int) { readers.readCounts }

    /// How many expensive reads run and how many wait for admission (docs/decisions/0067-work-budget.md).
    package var readOccupancy: (running: Int, waiting: Int) { readers.occupancy }

    /// How this engine spells the shared statements (`?NNN` placeholders, JSON1 functions), for statements built outside
    /// a store.
    package static var dialect: any SQLDialect { SQLiteDialect() }

    /// The result of `PRAGMA integrity_check`: `ok` for a sound database.
    package func integrityCheck() async throws -> String {
        try await readers.read(limited: false) { transaction in
            try transaction.rows("PRAGMA integrity_check").compactMap { $0.string("integrity_check") }.joined(separator: "\n")
        }
    }

    /// The applied schema version (the highest row of `schema_migrations`).
    package func schemaVersion() async throws -> Int {
        try await readers.read(limited: false) { transaction in try SQLiteMigrator.version(transaction) }
    }

    /// The number of applied migrations (rows of `schema_migrations`), to check that each ran once.
    package func appliedMigrationCount() async throws -> Int {
        try await readers.read(limited: false) { transaction in
            try transaction.rows("SELECT COUNT(*) AS count FROM schema_migrations").first?.integer("count").map { Int($0) }
                ?? 0
        }
    }

    /// Opens one connection with the settings every connection shares: busy timeout and custom functions.
    private static func openConnection(
        configuration: SQLiteConfiguration, threadPool: NIOThreadPool, logger: Logger
    ) async throws -> SQLiteConnection {
        let handle = try await threadPool.runIfActive {
            let handle = try SQLiteHandle(path: configuration.databasePath, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
            do {
                try SQLiteFunctions.install(on: handle)
            } catch {
                handle.close()
                throw error
            }
            return handle
        }
        return SQLiteConnection(handle: handle, executor: ThreadPoolTaskExecutor(threadPool: threadPool), logger: logger)
    }
}
