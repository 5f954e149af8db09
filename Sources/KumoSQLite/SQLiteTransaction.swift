import KumoStorage
import Logging
import NIOPosix

/// One connection inside a transaction: runs statements synchronously and reports failures as `StorageError`.
///
/// Write units receive one from ``SQLiteWriter``; reads receive one from ``SQLiteReaderPool``. Both run the whole
/// transaction as one job on the storage's thread pool (``SQLiteConnection/run(_:)``), so a transaction must not
/// escape the closure it was handed to.
struct SQLiteTransaction: Sendable {
    /// The connection, used by one job at a time.
    let handle: SQLiteHandle
    /// Where failures are logged.
    let logger: Logger

    /// Runs a compiled statement and returns its rows.
    func rows(_ statement: SQLStatement) throws -> [SQLiteRow] {
        try rows(statement.text, statement.bindings)
    }

    /// Runs engine-owned SQL with bound values and returns its rows.
    func rows(_ sql: String, _ values: [SQLValue] = []) throws -> [SQLiteRow] {
        do {
            return try handle.rows(sql, values.map(\.sqliteValue))
        } catch let error as SQLiteFailure {
            throw StorageError(sqliteError: error, logger: logger)
        }
    }

    /// Runs engine-owned SQL with bound values, ignoring rows.
    func execute(_ sql: String, _ values: [SQLValue] = []) throws {
        _ = try rows(sql, values)
    }
}

/// A connection and the thread pool its jobs run on: SQLite calls block, so they run on the pool, never on an event loop
/// or the cooperative pool — except point lookups (``runHere(_:)``), which take no longer than one index lookup.
struct SQLiteConnection: Sendable {
    let handle: SQLiteHandle
    let threadPool: NIOThreadPool
    let logger: Logger

    /// Runs `body` as one job on the thread pool and returns its result.
    ///
    /// - Throws: what `body` threw (SQLite failures as `StorageError`), or `StorageError.unavailable` when the pool has
    ///   shut down.
    func run<Value: Sendable>(_ body: @escaping @Sendable (SQLiteTransaction) throws -> Value) async throws -> Value {
        do {
            return try await threadPool.runIfActive { try runHere(body) }
        } catch is CancellationError {
            // What `runIfActive` throws once the pool has shut down (or when the caller's task was cancelled).
            throw StorageError.unavailable("The storage is closed.")
        }
    }

    /// Runs `body` on the calling thread; only for work as short as one index lookup (see `SQLiteReaderPool.ReadShape`).
    ///
    /// - Throws: what `body` threw, SQLite failures as `StorageError`.
    func runHere<Value>(_ body: (SQLiteTransaction) throws -> Value) throws -> Value {
        do {
            return try body(SQLiteTransaction(handle: handle, logger: logger))
        } catch let error as SQLiteFailure {
            throw StorageError(sqliteError: error, logger: logger)
        }
    }

    /// Closes the connection on the thread pool.
    func close() async throws {
        try await threadPool.runIfActive { [handle] in handle.close() }
    }
}

extension SQLValue {
    /// The SQLite form; booleans are integers 1 and 0.
    var sqliteValue: SQLiteValue {
        switch self {
        case .null: .null
        case .integer(let integer): .integer(integer)
        case .double(let double): .real(double)
        case .text(let text): .text(text)
        case .boolean(let flag): .integer(flag ? 1 : 0)
        }
    }
}

extension StorageError {
    /// Maps an SQLite failure: a UNIQUE violation becomes `.duplicate` naming the (last) column in wire spelling,
    /// anything else `.unavailable`, logged at `error`.
    init(sqliteError error: SQLiteFailure, logger: Logger) {
        let uniquePrefix = "UNIQUE constraint failed: "
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
