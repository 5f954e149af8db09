package import KumoStorage
package import Logging
import NCMBWire
package import NIOCore
import PostgresNIO

/// The storage engine for several Kumo instances on one PostgreSQL database
/// (docs/architecture.md#postgresql-engine-kumopostgres, docs/architecture.md#scale-out).
///
/// It runs the stores `SQLiteStorage` runs (one ``SQLStorage`` over ``PostgresDatabase`` as its `SQLEngine`), so both engines share every statement and rule; statements are spelled by ``PostgresDialect``, and
/// each call is one transaction. Connections come from a `PostgresClient` pool
/// that runs in a task the storage owns until ``close()``. Opening migrates the schema under an advisory lock, so
/// instances may start together.
package struct PostgresStorage: SQLStorageBackend {
    /// Every store, over this database's connection pool.
    package let stores: SQLStorage
    /// File bytes, inside the database.
    package let blobs: any BlobStore
    /// What the storage was opened with.
    package let configuration: PostgresConfiguration
    let database: PostgresDatabase
    /// Every committed write of every instance, while someone listens (``PostgresConfiguration/publishesChanges``).
    package let changeFeed: ChangeFeed?
    private let listener: PostgresChangeListener?
    private let runner: Task<Void, Never>

    private init(
        configuration: PostgresConfiguration, database: PostgresDatabase, runner: Task<Void, Never>, listener: PostgresChangeListener?
    ) {
        self.configuration = configuration
        self.listener = listener
        self.changeFeed = listener.map { ChangeFeed(source: $0) }
        self.database = database
        self.runner = runner
        self.stores = SQLStorage(engine: database, options: configuration.storeOptions)
        self.blobs = PostgresBlobStore(database: database)
    }

    /// Connects, creates the schema when configured and missing, and applies pending migrations.
    ///
    /// - Parameter eventLoopGroup: where the connections live. `kumo serve` passes the server's own group, so that a
    ///   query issued by a request handler and its answer stay on that handler's event loop instead of hopping to
    ///   postgres-nio's default group and back; `nil` uses postgres-nio's default group.
    /// - Throws: `StorageError.unavailable` when the server cannot be reached or a migration fails.
    package static func open(
        configuration: PostgresConfiguration, eventLoopGroup: (any EventLoopGroup)? = nil, logger: Logger
    ) async throws -> PostgresStorage {
        let client = PostgresClient(
            configuration: configuration.clientConfiguration,
            eventLoopGroup: eventLoopGroup ?? PostgresClient.defaultEventLoopGroup, backgroundLogger: logger)
        // The pool's background work runs in this task until `close()` cancels it (postgres-nio's `run()` contract).
        let runner = Task { await client.run() }
        var database = PostgresDatabase(client: client, logger: logger, timeout: configuration.timeout)
        let limits = configuration.readLimits
        database.admission = ReadAdmission(
            lanes: limits.expensiveReadLanes ?? max(1, configuration.maximumConnections - 2),
            maximumWaiting: limits.maximumWaitingReads)
        do {
            // Fails within the configured timeout when the server is unreachable; the migration may then wait longer
            // for another instance's advisory lock.
            try await database.single { transaction in try await transaction.execute("SELECT 1") }
            let version = try await PostgresMigrator.migrate(database, schema: configuration.schema, logger: logger)
            logger.info(
                "Opened PostgreSQL storage",
                metadata: ["database": "\(configuration.redactedDescription)", "schema_version": "\(version)"]
            )
        } catch {
            runner.cancel()
            await runner.value
            throw error
        }
        var listener: PostgresChangeListener?
        if configuration.publishesChanges {
            let channel = PostgresChangeAnnouncer.channel(schema: configuration.schema)
            database.announcer = PostgresChangeAnnouncer(channel: channel)
            listener = PostgresChangeListener(configuration: configuration, database: database, channel: channel, logger: logger)
        }
        let storage = PostgresStorage(configuration: configuration, database: database, runner: runner, listener: listener)
        if let listener, let feed = storage.changeFeed { await listener.attach(feed) }
        return storage
    }

    /// One PostgreSQL transaction; statements inside report failures as `StorageError` right away, so that `body` sees
    /// a duplicate as `.duplicate` as it would outside.
    package func transaction<Value: Sendable>(_ body: @escaping @Sendable (any StorageBackend) async throws -> Value) async throws -> Value
    {
        let blobs = blobs
        let objectLimits = configuration.objectLimits
        return try await database.write { transaction in
            var mapping = PostgresTransaction(connection: transaction.connection, logger: transaction.logger, mapsErrors: true)
            mapping.announcer = transaction.announcer
            mapping.statements = transaction.statements
            do {
                return try await body(
                    SQLUnitStorage(executor: mapping, dialect: PostgresDialect(), blobs: blobs, objectLimits: objectLimits))
            } catch let error as StorageError {
                throw error
            } catch {
                // The body's own errors (NCMB errors of a batch's sub-requests) reach the caller unchanged.
                throw UnitFailure(error)
            }
        }
    }

    package func checkHealth() async throws {
        try await database.single { transaction in try await transaction.execute("SELECT 1") }
    }

    /// Closes the pool: its connections close and later calls fail with `StorageError.unavailable`.
    package func close() async throws {
        await listener?.close()
        changeFeed?.finish()
        runner.cancel()
        await runner.value
    }

    /// How many expensive reads run and how many wait for admission (docs/decisions/0067-work-budget.md).
    package var readOccupancy: (running: Int, waiting: Int) { database.admission.occupancy }

    /// Runs one engine-owned statement as a read of the given shape (admission and `statement_timeout` included, as for
    /// the stores' reads) and returns its rows.
    ///
    /// - Parameter maximumBytes: the most bytes the rows may hold; past it the read fails with `StorageError.invalid`
    ///   naming `limit`. `nil` for no bound.
    /// - Throws: `StorageError.timeLimitExceeded` past the read time limit, `StorageError.overloaded` when too many
    ///   reads wait, `StorageError.unavailable` when the database fails.
    package func rows(_ sql: String, shape: SQLReadShape = .singleStatement, maximumBytes: Int? = nil) async throws -> [SQLRow] {
        try await database.read(shape) { transaction in try await transaction.rows(sql, maximumBytes: maximumBytes) }
    }

    /// How this engine spells the shared statements (`$n` placeholders, `json` casts, row locks), for statements built
    /// outside a store.
    package static var dialect: any SQLDialect { PostgresDialect() }

    /// How many migrations this build applies (their numbers need not be contiguous: branches number theirs apart).
    package static var migrationCount: Int { PostgresMigration.all.count }

    /// The schema version this build migrates to: the highest migration number.
    package static var latestSchemaVersion: Int { PostgresMigration.latestVersion }

    /// The applied schema version (the highest row of `schema_migrations`).
    package func schemaVersion() async throws -> Int {
        try await database.single { transaction in try await PostgresMigrator.version(transaction) }
    }

    /// The number of applied migrations (rows of `schema_migrations`), to check that each ran once.
    package func appliedMigrationCount() async throws -> Int {
        try await database.single { transaction in
            try await transaction.rows("SELECT COUNT(*) AS count FROM schema_migrations").first?.integer("count").map { Int($0) } ?? 0
        }
    }
}

extension PostgresConfiguration {
    /// The pool configuration: address, login, TLS, pool size, and per-session settings sent at start-up
    /// (`search_path` for the schema, `statement_timeout` equal to the read time limit or ``timeout``).
    var clientConfiguration: PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS
        var unverified = TLSConfiguration.makeClientConfiguration()
        unverified.certificateVerification = .none
        switch transportSecurity {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(unverified)
        case .require: tls = .require(unverified)
        case .verifyFull: tls = .require(.makeClientConfiguration())
        }
        var client = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        client.options.maximumConnections = max(1, maximumConnections)
        client.options.connectTimeout = timeout
        // The read time limit when one is set (it bounds every statement, writes included), the call timeout otherwise.
        let statementTimeout = min(self.readLimits.timeLimit ?? timeout, timeout)
        let milliseconds = statementTimeout.wholeMilliseconds
        var parameters = [("application_name", "kumo"), ("statement_timeout", "\(max(1, milliseconds))")]
        if let schema { parameters.append(("search_path", schema)) }
        client.options.additionalStartupParameters = parameters
        return client
    }
}
