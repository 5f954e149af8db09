/// The stores of one open write unit: every call runs on the unit's executor, so all of them commit or roll back with
/// it (``StorageBackend/transaction(_:)``).
///
/// Each write is wrapped in a savepoint, so a write that fails leaves nothing behind inside the unit (PostgreSQL would
/// otherwise refuse every later statement of an aborted transaction) and the caller may go on, e.g. retry with a new
/// objectId.
package struct SQLUnitStorage<Executor: SQLExecutor>: StorageBackend {
    package let applications: any ApplicationStore
    package let objects: any ObjectStore
    package let accounts: any AccountStore
    package let pushJobs: any PushJobStore
    /// The latest outcome of each device a push was sent to.
    package let pushOutcomes: any PushOutcomeStore
    /// The first answers of requests that carried an idempotency key.
    package let idempotency: any IdempotencyStore
    /// The import jobs, in the unit too.
    package let importJobs: any ImportJobStore
    package let bulk: any BulkStore
    /// Deployed scripts and their execution log, in the unit too.
    package let scripts: any ScriptStore
    /// Indexes on user fields and the index advisor's records.
    package let indexes: any IndexStore
    /// Dashboard administrators, their sessions, the audit log and the setup token.
    package let admins: any AdminStore
    /// The outer storage's file bytes: not part of the transaction.
    package let blobs: any BlobStore

    /// Creates the stores of a unit.
    ///
    /// - Parameters:
    ///   - executor: The unit's executor.
    ///   - dialect: The engine's dialect.
    ///   - blobs: The engine's blob store.
    ///   - objectLimits: How large an object may become.
    package init(executor: Executor, dialect: any SQLDialect, blobs: any BlobStore, objectLimits: ObjectLimits = .standard) {
        let engine = SQLUnitEngine(executor: executor, dialect: dialect)
        self.applications = SQLApplicationStore(engine: engine)
        self.objects = SQLObjectStore(engine: engine, limits: objectLimits)
        self.accounts = SQLAccountStore(engine: engine)
        self.pushJobs = SQLPushJobStore(engine: engine)
        self.pushOutcomes = SQLPushOutcomeStore(engine: engine)
        self.idempotency = SQLIdempotencyStore(engine: engine)
        self.importJobs = SQLImportJobStore(engine: engine)
        self.bulk = SQLBulkStore(engine: engine, limits: objectLimits)
        self.scripts = SQLScriptStore(engine: engine)
        self.indexes = SQLIndexStore(engine: engine)
        self.admins = SQLAdminStore(engine: engine)
        self.blobs = blobs
    }

    package func checkHealth() async throws {}

    package func close() async throws {}

    /// Already inside one: `body` runs in this transaction.
    package func transaction<Value: Sendable>(_ body: @escaping @Sendable (any StorageBackend) async throws -> Value) async throws -> Value {
        try await body(self)
    }
}

/// An ``SQLEngine`` over one open unit: reads and writes run on its executor, each write inside a savepoint.
struct SQLUnitEngine<Executor: SQLExecutor>: SQLEngine {
    let executor: Executor
    let dialect: any SQLDialect

    func read<Value: Sendable>(_ shape: SQLReadShape, _ body: @escaping @Sendable (Executor) async throws -> Value) async throws -> Value {
        try await body(executor)
    }

    func write<Value: Sendable>(_ unit: @escaping @Sendable (Executor) async throws -> Value) async throws -> Value {
        _ = try await executor.rows(SQLStatement(dialect: dialect, "SAVEPOINT nested_write"))
        let mark = executor.changeMark
        do {
            let value = try await unit(executor)
            _ = try await executor.rows(SQLStatement(dialect: dialect, "RELEASE SAVEPOINT nested_write"))
            return value
        } catch {
            executor.discardChanges(after: mark)
            _ = try? await executor.rows(SQLStatement(dialect: dialect, "ROLLBACK TO SAVEPOINT nested_write"))
            _ = try? await executor.rows(SQLStatement(dialect: dialect, "RELEASE SAVEPOINT nested_write"))
            throw error
        }
    }

    /// Refused: an index is built on its own (``SQLIndexStore``), never inside an import's or a batch's transaction.
    func maintain(_ statement: SQLStatement) async throws {
        throw StorageError.unavailable("indexes cannot be built inside a transaction")
    }
}
