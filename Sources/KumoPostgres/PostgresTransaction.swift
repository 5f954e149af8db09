import KumoStorage
import Logging
import PostgresNIO

/// One leased connection inside a transaction (or running a single statement): runs statements with bound values.
///
/// Stores receive one from ``PostgresDatabase``; it must not escape the closure it was handed to.
struct PostgresTransaction: Sendable {
    /// The leased connection, used by one task at a time.
    let connection: PostgresConnection
    /// Where statements log.
    let logger: Logger

    /// Runs a compiled statement and returns its rows.
    func rows(_ statement: SQLStatement) async throws -> [PostgresResultRow] {
        try await rows(statement.text, statement.bindings)
    }

    /// Runs engine-owned SQL with bound values (`$1`, `$2`, …) and returns its rows.
    func rows(_ sql: String, _ values: [SQLValue] = []) async throws -> [PostgresResultRow] {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values { value.append(to: &bindings) }
        let sequence = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger)
        var rows: [PostgresResultRow] = []
        for try await row in sequence { rows.append(PostgresResultRow(row.makeRandomAccess())) }
        return rows
    }

    /// Runs engine-owned SQL with bound values, ignoring rows.
    func execute(_ sql: String, _ values: [SQLValue] = []) async throws {
        _ = try await rows(sql, values)
    }
}

/// A result row read by column name; a missing column or a value of another type reads as `nil`.
struct PostgresResultRow: Sendable {
    private let row: PostgresRandomAccessRow

    init(_ row: PostgresRandomAccessRow) {
        self.row = row
    }

    /// A `bigint`/`integer` column.
    func integer(_ name: String) -> Int64? { decode(name, as: Int64.self) }

    /// A `text` or `json` column as text.
    func string(_ name: String) -> String? { decode(name, as: String.self) }

    /// A `boolean` column; `NULL` or a missing column is `false`.
    func flag(_ name: String) -> Bool { decode(name, as: Bool.self) ?? false }

    private func decode<Value: PostgresDecodable>(_ name: String, as type: Value.Type) -> Value? {
        guard row.contains(name) else { return nil }
        let cell = row[name]
        guard cell.bytes != nil else { return nil }
        return try? cell.decode(Value.self)
    }
}

extension SQLValue {
    /// Appends the value with its PostgreSQL type: `int8`, `float8`, `text`, `bool`, or an untyped `NULL`.
    ///
    /// PostgreSQL text cannot hold U+0000, so a text value carrying it (only a query operand can: writes refuse it, see
    /// ``PostgresObjectStore/rejectingNullCharacters(_:)``) is bound with U+FFFD in its place; it still matches no
    /// stored string that has no U+FFFD.
    func append(to bindings: inout PostgresBindings) {
        switch self {
        case .null: bindings.appendNull()
        case .integer(let integer): bindings.append(integer)
        case .double(let double): bindings.append(double)
        case .text(let text): bindings.append(text.contains("\u{0}") ? text.replacingNullCharacters : text)
        case .boolean(let flag): bindings.append(flag)
        }
    }
}

extension String {
    /// The string with every U+0000 replaced by U+FFFD.
    fileprivate var replacingNullCharacters: String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 }))
    }
}
