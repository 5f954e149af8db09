/// Runs statements on one connection, inside the transaction of the unit it was handed to (or on its own for a
/// single-statement read): the one operation the shared stores need from a driver.
///
/// SQLite's executor runs synchronously on the thread its unit runs on; PostgreSQL's awaits the server. An executor
/// must not escape the closure it was handed to.
package protocol SQLExecutor: Sendable {
    /// Runs a statement with its bindings and returns its rows (none for a statement without result columns).
    ///
    /// - Throws: when the engine cannot run it; by the end of the unit the engine reports every failure as
    ///   `StorageError` (a unique violation as `.duplicate`, anything else as `.unavailable`).
    func rows(_ statement: SQLStatement) async throws -> [SQLRow]

    /// Runs the statement that writes one object and announces `change` to the change feed when someone listens
    /// (docs/architecture.md#change-feed); the change is built only then.
    ///
    /// The statement ends with a `RETURNING` clause and affects one row: PostgreSQL folds its `NOTIFY` into it, so
    /// announcing costs no round trip. SQLite records the change for its writer to publish after the commit.
    func rows(_ statement: SQLStatement, announcing change: () -> StorageChange) async throws -> [SQLRow]

    /// Announces a change that has no statement of its own to ride on (ended sessions); does nothing when nobody
    /// listens.
    func announce(_ change: () -> StorageChange) async throws

    /// A mark of the changes announced so far in this unit, to discard back to when a nested write rolls back.
    var changeMark: Int { get }

    /// Discards the changes announced after `mark` (their write rolled back to its savepoint).
    func discardChanges(after mark: Int)
}

extension SQLExecutor {
    /// Runs the statement; an engine without a change feed announces nothing.
    package func rows(_ statement: SQLStatement, announcing change: () -> StorageChange) async throws -> [SQLRow] {
        try await rows(statement)
    }

    /// Nothing to announce to without a change feed.
    package func announce(_ change: () -> StorageChange) async throws {}

    /// No changes are recorded without a change feed.
    package var changeMark: Int { 0 }

    /// No changes are recorded without a change feed.
    package func discardChanges(after mark: Int) {}
}

extension SQLExecutor {
    /// Runs shared write steps in order; a checked step that returns no row throws its error, which rolls the unit
    /// back (SQLite: to its savepoint; PostgreSQL: the whole transaction).
    package func run(_ steps: [SQLWriteStep]) async throws {
        for step in steps {
            let rows = try await rows(step.statement)
            if rows.isEmpty, let error = step.errorWhenEmpty { throw error }
        }
    }
}

/// How a read runs; each engine maps it onto its connections (see `SQLiteReaderPool`, `PostgresDatabase`).
package enum SQLReadShape: Sendable, Hashable {
    /// One statement whose cost is bounded by one index lookup (a row by its key). SQLite runs it on the calling
    /// thread; PostgreSQL as one statement.
    case pointLookup
    /// One statement of any cost, atomic on its own. SQLite runs it on its thread pool without `BEGIN`.
    case singleStatement
    /// Several statements that must see one snapshot: a read-only transaction.
    case snapshot
}

/// An engine's connection handling, as the shared stores use it: reads of a ``SQLReadShape`` and atomic write units,
/// each handed an ``SQLExecutor``.
///
/// The stores (`SQL*Store` in each feature folder, built together by ``SQLStorage``) are generic over this protocol, so both engines run the same statements in the same order
/// with the same checks; an engine adds only its driver, its dialect and its migrations.
package protocol SQLEngine: Sendable {
    /// The executor a unit receives.
    associatedtype Executor: SQLExecutor

    /// How the engine spells SQL.
    var dialect: any SQLDialect { get }

    /// Runs `body` as a read of the given shape and returns its result.
    ///
    /// - Throws: what `body` threw, or `StorageError.unavailable` when the engine cannot run it.
    func read<Value: Sendable>(
        _ shape: SQLReadShape, _ body: @escaping @Sendable (Executor) async throws -> Value
    ) async throws -> Value

    /// Runs `unit` atomically and returns its result once it is durable: every statement of the unit commits, or
    /// none does when it throws.
    ///
    /// - Throws: what `unit` threw, or `StorageError.unavailable` when the commit failed or the engine is closed.
    func write<Value: Sendable>(_ unit: @escaping @Sendable (Executor) async throws -> Value) async throws -> Value

    /// Runs a schema statement (building or removing an index) on its own, without the per-call time limit: outside
    /// any transaction when ``SQLDialect/buildsIndexesOutsideTransactions`` says so, otherwise as one write unit.
    ///
    /// - Throws: `StorageError.unavailable` when the engine cannot run it.
    func maintain(_ statement: SQLStatement) async throws
}

extension SQLEngine {
    /// Runs one statement as a read of `shape` and returns its rows: a store call that is a single query.
    ///
    /// - Throws: what the engine's ``read(_:_:)`` throws.
    package func rows(_ shape: SQLReadShape, _ statement: SQLStatement) async throws -> [SQLRow] {
        try await read(shape) { executor in try await executor.rows(statement) }
    }

    /// Runs one statement as its own write unit and returns its rows once they are durable: a store call that is a
    /// single change.
    ///
    /// - Throws: what the engine's write unit throws.
    @discardableResult
    package func write(_ statement: SQLStatement) async throws -> [SQLRow] {
        try await write { executor in try await executor.rows(statement) }
    }

    /// Runs statements in order as one write unit, their rows unread: a store call of several changes that stand or
    /// fall together.
    ///
    /// - Throws: what the engine's write unit throws; then none of the statements took effect.
    package func write(_ statements: [SQLStatement]) async throws {
        try await write { executor in
            for statement in statements { _ = try await executor.rows(statement) }
        }
    }
}
