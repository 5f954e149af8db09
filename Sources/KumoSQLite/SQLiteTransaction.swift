import KumoMemberwise
package import KumoStorage
import VaporCSQLite
package import Logging
import NIOPosix

/// One connection inside a transaction: runs statements synchronously and reports failures as `StorageError`.
///
/// Write units receive one from ``SQLiteWriter``; reads receive one from ``SQLiteReaderPool``. A transaction must not
/// escape the closure it was handed to. As the shared stores' ``SQLExecutor`` it runs each statement right where it is
/// awaited: on the storage's thread pool for writes and queries, on the calling thread for point lookups.
package struct SQLiteTransaction: SQLExecutor {
    /// The connection, used by one job at a time.
    let handle: SQLiteHandle
    /// Where failures are logged.
    let logger: Logger
    /// Where the write units of a group commit record their changes while the change feed is listened to; `nil`
    /// otherwise, and for reads.
    var recorder: ChangeRecorder?

    /// Runs a compiled statement and returns its rows.
    package func rows(_ statement: SQLStatement) throws -> [SQLRow] {
        do {
            return try handle.rows(statement.text, statement.bindings, maximumBytes: statement.maximumResultBytes)
        } catch let error as SQLiteFailure {
            throw StorageError(sqliteError: error, logger: logger)
        }
    }

    /// Runs a write's statement and records its change when the feed is listened to; the writer publishes it after the
    /// commit.
    package func rows(_ statement: SQLStatement, announcing change: () -> StorageChange) throws -> [SQLRow] {
        let rows = try rows(statement)
        recorder?.record(change())
        return rows
    }

    /// Records a change when the feed is listened to.
    package func announce(_ change: () -> StorageChange) {
        recorder?.record(change())
    }

    /// How many changes this group commit recorded so far.
    package var changeMark: Int { recorder?.mark ?? 0 }

    /// Forgets the changes of a write that rolled back to its savepoint.
    package func discardChanges(after mark: Int) {
        recorder?.discard(after: mark)
    }

    /// Runs engine-owned SQL with bound values and returns its rows.
    func rows(_ sql: String, _ values: [SQLValue] = []) throws -> [SQLRow] {
        do {
            return try handle.rows(sql, values)
        } catch let error as SQLiteFailure {
            throw StorageError(sqliteError: error, logger: logger)
        }
    }

    /// Runs engine-owned SQL with bound values, ignoring rows.
    func execute(_ sql: String, _ values: [SQLValue] = []) throws {
        _ = try rows(sql, values)
    }

    /// Runs an engine-owned script of several statements (a migration), ignoring rows.
    func executeScript(_ script: String) throws {
        do {
            try handle.executeScript(script)
        } catch let error as SQLiteFailure {
            throw StorageError(sqliteError: error, logger: logger)
        }
    }
}

/// A connection and the thread pool its jobs run on: SQLite calls block, so they run on the pool, never on an event loop
/// or the cooperative pool — except point lookups (``runHere(_:)``), which take no longer than one index lookup.
@PackageMemberwiseInit
package struct SQLiteConnection: Sendable {
    /// The open connection, used by one job at a time; the value owns it from its creation.
    let handle: SQLiteHandle
    /// Runs the jobs of ``run(_:)`` on the storage's thread pool.
    let executor: ThreadPoolTaskExecutor
    /// Where failures are logged.
    let logger: Logger

    /// Runs `body` on the thread pool and returns its result.
    ///
    /// `body` runs with the pool as its preferred task executor: it starts on a pool thread and, since nothing it
    /// awaits suspends (SQLite statements run synchronously), it stays there until it returns, so a whole transaction
    /// is one job of the pool, as a `runIfActive` closure would be. `@concurrent`: the caller's actor (the writer) is
    /// free while the job runs, so units keep queueing for the next group commit.
    ///
    /// - Throws: what `body` threw, SQLite failures as `StorageError`.
    @concurrent
    func run<Value: Sendable>(_ body: @escaping @Sendable (SQLiteTransaction) async throws -> Value) async throws -> Value {
        try await withTaskExecutorPreference(executor) { try await runHere(body) }
    }

    /// Runs `body` where it is called; only for work as short as one index lookup (see `SQLiteReaderPool.ReadShape`).
    ///
    /// - Throws: what `body` threw, SQLite failures as `StorageError`.
    func runHere<Value>(_ body: (SQLiteTransaction) async throws -> Value) async throws -> Value {
        do {
            return try await body(SQLiteTransaction(handle: handle, logger: logger))
        } catch let error as SQLiteFailure {
            throw StorageError(sqliteError: error, logger: logger)
        }
    }

    /// Closes the connection on the thread pool.
    func close() async throws {
        try await executor.threadPool.runIfActive { [handle] in handle.close() }
    }
}

extension StorageError {
    /// Maps an SQLite failure: a UNIQUE violation becomes `.duplicate` naming the (last) column in wire spelling,
    /// anything else `.unavailable`, logged at `error`.
    init(sqliteError error: SQLiteFailure, logger: Logger) {
        let uniquePrefix = "UNIQUE constraint failed: "
        if error.code & 0xff == SQLITE_INTERRUPT {
            // Stopped by the read's work limit (docs/decisions/0067-work-budget.md): not a failure of the engine.
            self = .timeLimitExceeded
            return
        }
        if error.message.hasPrefix(uniquePrefix) {
            let columns = error.message.dropFirst(uniquePrefix.count).split(separator: ",")
            let column = columns.last?.split(separator: ".").last.map { String($0).filter { $0 != " " } } ?? ""
            self = .duplicate(field: StorageError.wireName(ofColumn: column))
            return
        }
        logger.error("SQLite failed", metadata: ["error": "\(error)"])
        self = .unavailable(error.description)
    }

    /// `application_key` → `applicationKey`.
    private static func wireName(ofColumn column: String) -> String {
        let parts = column.split(separator: "_")
        guard let first = parts.first else { return column }
        return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
