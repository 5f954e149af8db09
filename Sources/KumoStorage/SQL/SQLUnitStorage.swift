/// The stores of one open write unit: every call runs on the unit's executor, so all of them commit or roll back with
/// it (``StorageBackend/transaction(_:)``).
///
/// Each write is wrapped in a savepoint, so a write that fails leaves nothing behind inside the unit (PostgreSQL would
/// otherwise refuse every later statement of an aborted transaction) and the caller may go on, e.g. retry with a new
/// objectId.
package struct SQLUnitStorage<Executor: SQLExecutor>: SQLStorageBackend {
    /// Every store, running on the unit's executor.
    package let stores: SQLStorage
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
        self.stores = SQLStorage(
            engine: SQLUnitEngine(executor: executor, dialect: dialect), options: SQLStoreOptions(objectLimits: objectLimits))
        self.blobs = blobs
    }

    package func checkHealth() async throws {}

    package func close() async throws {}

    /// Already inside one: `body` runs in this transaction.
    package func transaction<Value: Sendable>(_ body: @escaping @Sendable (any StorageBackend) async throws -> Value) async throws -> Value
    {
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
