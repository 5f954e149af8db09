import KumoStorage
import Logging
import SQLiteNIO

/// One connection inside a transaction: runs statements and reports failures as `StorageError`.
///
/// Write units receive one from ``SQLiteWriter``; reads receive one from ``SQLiteReaderPool``. It must not escape the
/// closure it was handed to.
struct SQLiteTransaction: Sendable {
    /// The connection, used by one task at a time.
    let connection: SQLiteConnection
    /// Where failures are logged.
    let logger: Logger

    /// Runs a compiled statement and returns its rows.
    func rows(_ statement: SQLStatement) async throws -> [SQLiteRow] {
        try await rows(statement.text, statement.bindings)
    }

    /// Runs engine-owned SQL with bound values and returns its rows.
    func rows(_ sql: String, _ values: [SQLValue] = []) async throws -> [SQLiteRow] {
        do {
            return try await connection.query(sql, values.map(\.sqliteData))
        } catch let error as SQLiteError {
            throw StorageError(sqliteError: error, logger: logger)
        }
    }

    /// Runs engine-owned SQL with bound values, ignoring rows.
    func execute(_ sql: String, _ values: [SQLValue] = []) async throws {
        _ = try await rows(sql, values)
    }
}

extension SQLValue {
    /// The SQLiteNIO form; booleans are integers 1 and 0.
    var sqliteData: SQLiteData {
        switch self {
        case .null: .null
        case .integer(let integer): .integer(SQLiteInt64(integer))
        case .double(let double): .float(double)
        case .text(let text): .text(text)
        case .boolean(let flag): .integer(flag ? 1 : 0)
        }
    }
}

extension StorageError {
    /// Maps an SQLite failure: a UNIQUE violation becomes `.duplicate` naming the (last) column in wire spelling,
    /// anything else `.unavailable`, logged at `error`.
    init(sqliteError error: SQLiteError, logger: Logger) {
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
