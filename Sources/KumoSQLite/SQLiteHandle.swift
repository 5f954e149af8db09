package import KumoStorage
import NIOConcurrencyHelpers
import VaporCSQLite

/// One SQLite connection driven through the C API, with a cache of prepared statements.
///
/// Every method runs synchronously on the calling thread. The writer and the reader pool hand a handle to exactly one
/// job at a time on the storage's thread pool, so a whole transaction (`BEGIN`, its statements, `COMMIT`) costs one
/// thread hop instead of one per statement, and each distinct SQL text is compiled once per connection
/// (`SQLITE_PREPARE_PERSISTENT`) instead of once per use.
///
/// `@unchecked Sendable`: the raw `sqlite3*` and statement pointers are only touched by the one job that currently owns
/// the handle (the connection is opened with `SQLITE_OPEN_NOMUTEX` for that reason); ownership passes between jobs
/// through the writer actor and the reader pool.
package final class SQLiteHandle: @unchecked Sendable {
    /// The most statements kept prepared; the cache is emptied when a new one would exceed it (dynamic SQL such as
    /// `$in` lists of varying length must not grow it without bound).
    static let statementCacheCapacity = 256

    private var database: OpaquePointer?
    private var statements: [String: PreparedStatement] = [:]
    /// The time limit and cancellation of the read this connection runs (readers only; the writer never starts one).
    let workLimit: SQLiteWorkLimit

    private static let initialized = NIOLockedValueBox(false)

    /// Opens (creating when missing) a database file.
    ///
    /// - Throws: ``SQLiteFailure`` when the file cannot be opened.
    package init(path: String, busyTimeoutMilliseconds: Int) throws {
        SQLiteHandle.initialized.withLockedValue { isInitialized in
            if !isInitialized {
                _ = sqlite_nio_sqlite3_initialize()
                isInitialized = true
            }
        }
        var database: OpaquePointer?
        let flags = SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE
        let code = sqlite_nio_sqlite3_open_v2(path, &database, flags, nil)
        guard code == SQLITE_OK, let database else {
            let message = database.flatMap { sqlite_nio_sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "cannot open"
            sqlite_nio_sqlite3_close_v2(database)
            throw SQLiteFailure(code: code, message: "\(message) (\(path))")
        }
        self.database = database
        self.workLimit = SQLiteWorkLimit(database: database)
        sqlite_nio_sqlite3_busy_timeout(database, Int32(clamping: max(0, busyTimeoutMilliseconds)))
    }

    deinit {
        close()
    }

    /// Finalizes every prepared statement and closes the connection; later calls fail.
    package func close() {
        workLimit.close()
        for statement in statements.values { sqlite_nio_sqlite3_finalize(statement.pointer) }
        statements.removeAll()
        if let database { sqlite_nio_sqlite3_close_v2(database) }
        database = nil
    }

    /// Runs one statement with bound values and returns its rows.
    ///
    /// - Parameter maximumBytes: the most bytes of text and blob columns to read; past it the statement stops and
    ///   `QueryCompiler.pageTooLarge` is thrown. `nil` for no bound.
    package func rows(_ sql: String, _ values: [SQLValue], maximumBytes: Int? = nil) throws -> [SQLRow] {
        // A plan is never cached: an `EXPLAIN` opens no table, so SQLite would never notice that the schema changed
        // (a new index) and would keep describing the old plan.
        let isCached = !sql.hasPrefix("EXPLAIN")
        let statement = try prepared(sql, cached: isCached)
        defer {
            if isCached {
                sqlite_nio_sqlite3_reset(statement.pointer)
                sqlite_nio_sqlite3_clear_bindings(statement.pointer)
            } else {
                sqlite_nio_sqlite3_finalize(statement.pointer)
            }
        }
        try bind(values, to: statement.pointer)
        var rows: [SQLRow] = []
        var bytesRead = 0
        while true {
            let code = sqlite_nio_sqlite3_step(statement.pointer)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw failure(code) }
            if let maximumBytes {
                for index in 0..<Int32(statement.columns.count) { bytesRead += Int(sqlite_nio_sqlite3_column_bytes(statement.pointer, index)) }
                if bytesRead > maximumBytes { throw QueryCompiler.pageTooLarge }
            }
            rows.append(SQLRow(columns: statement.columns, values: readRow(statement.pointer, count: statement.columns.count)))
        }
    }

    /// Runs every statement of an SQL script in order (`sqlite3_exec`), ignoring rows; statements are not cached.
    package func executeScript(_ script: String) throws {
        guard let database else { throw SQLiteFailure(code: SQLITE_MISUSE, message: "The connection is closed.") }
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite_nio_sqlite3_exec(database, script, nil, nil, &message)
        defer { sqlite_nio_sqlite3_free(message) }
        guard code == SQLITE_OK else {
            let extendedCode = sqlite_nio_sqlite3_extended_errcode(database)
            throw SQLiteFailure(code: extendedCode, message: message.map { String(cString: $0) } ?? "error \(code)")
        }
    }

    /// The raw connection, for installing functions.
    func withDatabase<Result>(_ body: (OpaquePointer) throws -> Result) throws -> Result {
        guard let database else { throw SQLiteFailure(code: SQLITE_MISUSE, message: "The connection is closed.") }
        return try body(database)
    }

    // MARK: Statements

    /// A compiled statement with its column names.
    private struct PreparedStatement {
        let pointer: OpaquePointer
        let columns: SQLColumns
    }

    private func prepared(_ sql: String, cached isCached: Bool = true) throws -> PreparedStatement {
        if isCached, let cached = statements[sql] { return cached }
        guard let database else { throw SQLiteFailure(code: SQLITE_MISUSE, message: "The connection is closed.") }
        var pointer: OpaquePointer?
        let code = sqlite_nio_sqlite3_prepare_v3(database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard code == SQLITE_OK, let pointer else { throw failure(code) }
        let count = sqlite_nio_sqlite3_column_count(pointer)
        let names = (0..<count).map { index in sqlite_nio_sqlite3_column_name(pointer, index).map { String(cString: $0) } ?? "" }
        let statement = PreparedStatement(pointer: pointer, columns: SQLColumns(names: names))
        guard isCached else { return statement }
        if statements.count >= SQLiteHandle.statementCacheCapacity {
            for cached in statements.values { sqlite_nio_sqlite3_finalize(cached.pointer) }
            statements.removeAll(keepingCapacity: true)
        }
        statements[sql] = statement
        return statement
    }

    /// Binds values in placeholder order; a boolean is the integer 1 or 0.
    private func bind(_ values: [SQLValue], to statement: OpaquePointer) throws {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite_nio_sqlite3_bind_null(statement, index)
            case .integer(let integer): code = sqlite_nio_sqlite3_bind_int64(statement, index, integer)
            case .boolean(let flag): code = sqlite_nio_sqlite3_bind_int64(statement, index, flag ? 1 : 0)
            case .double(let double): code = sqlite_nio_sqlite3_bind_double(statement, index, double)
            case .text(let text):
                code = sqlite_nio_sqlite3_bind_text64(
                    statement, index, text, UInt64(text.utf8.count), SQLiteHandle.transient, UInt8(SQLITE_UTF8))
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { buffer in
                    sqlite_nio_sqlite3_bind_blob64(statement, index, buffer.baseAddress, UInt64(buffer.count), SQLiteHandle.transient)
                }
            }
            guard code == SQLITE_OK else { throw failure(code) }
        }
    }

    private func readRow(_ statement: OpaquePointer, count: Int) -> [SQLValue] {
        var values: [SQLValue] = []
        values.reserveCapacity(count)
        for index in 0..<Int32(count) {
            switch sqlite_nio_sqlite3_column_type(statement, index) {
            case SQLITE_INTEGER: values.append(.integer(sqlite_nio_sqlite3_column_int64(statement, index)))
            case SQLITE_FLOAT: values.append(.double(sqlite_nio_sqlite3_column_double(statement, index)))
            case SQLITE_TEXT:
                let length = Int(sqlite_nio_sqlite3_column_bytes(statement, index))
                let text = sqlite_nio_sqlite3_column_text(statement, index).map { pointer in
                    String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
                }
                values.append(.text(text ?? ""))
            case SQLITE_BLOB:
                let length = Int(sqlite_nio_sqlite3_column_bytes(statement, index))
                let bytes = sqlite_nio_sqlite3_column_blob(statement, index).map { pointer in
                    Array(UnsafeRawBufferPointer(start: pointer, count: length))
                }
                values.append(.blob(bytes ?? []))
            default: values.append(.null)
            }
        }
        return values
    }

    private func failure(_ code: Int32) -> SQLiteFailure {
        let message = database.flatMap { sqlite_nio_sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "error \(code)"
        let extendedCode = database.map { sqlite_nio_sqlite3_extended_errcode($0) } ?? code
        return SQLiteFailure(code: extendedCode, message: message)
    }

    /// `SQLITE_TRANSIENT`: SQLite copies bound text and blobs before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// A failed SQLite call: its (extended) result code and message.
struct SQLiteFailure: Error, CustomStringConvertible {
    /// The extended result code.
    let code: Int32
    /// SQLite's message, e.g. `UNIQUE constraint failed: objects.class_id, objects.object_id`.
    let message: String

    var description: String { "SQLite error \(code): \(message)" }
}
