import KumoMemberwise
package import NCMBWire

/// The column names of one statement's result, shared by all its rows.
package final class SQLColumns: Sendable {
    /// Names in column order.
    package let names: [String]
    private let offsets: [String: Int]

    /// Creates the columns of a result; a repeated name resolves to its first column.
    package init(names: [String]) {
        self.names = names
        self.offsets = Dictionary(names.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// The number of columns.
    package var count: Int { names.count }

    /// The position of the named column, or `nil` when the result has no such column.
    package func offset(of name: String) -> Int? { offsets[name] }
}

/// One result row in engine-neutral values: what an ``SQLExecutor`` returns and the shared stores decode.
///
/// Engines convert their driver's values once: SQLite's storage classes map one to one (a boolean is an integer),
/// PostgreSQL's `bool` is ``SQLValue/boolean(_:)`` and `json`/`text` are ``SQLValue/text(_:)``.
@PackageMemberwiseInit
package struct SQLRow: Sendable {
    /// The result's columns.
    package let columns: SQLColumns
    /// The values, in column order: one per column.
    package let values: [SQLValue]

    /// The value of the named column, or `nil` when the result has no such column.
    package func value(_ name: String) -> SQLValue? {
        columns.offset(of: name).map { values[$0] }
    }

    /// An integer column; `nil` when missing, `NULL` or of another type.
    package func integer(_ name: String) -> Int64? {
        guard case .integer(let integer)? = value(name) else { return nil }
        return integer
    }

    /// A text column (PostgreSQL `json` included); `nil` when missing, `NULL` or of another type.
    package func string(_ name: String) -> String? {
        guard case .text(let text)? = value(name) else { return nil }
        return text
    }

    /// A boolean column (`can_read`, `can_write`): a PostgreSQL `true` or a non-zero SQLite integer; anything else,
    /// `NULL` and a missing column are `false`.
    package func flag(_ name: String) -> Bool {
        switch value(name) {
        case .boolean(let flag)?: flag
        case .integer(let integer)?: integer != 0
        default: false
        }
    }
}

extension SQLRow {
    /// A date column: milliseconds since 1970, as ``SQLValue/date(_:)`` binds it; `nil` when missing, `NULL` or of
    /// another type.
    package func date(_ name: String) -> WireDate? {
        integer(name).map(WireDate.init(millisecondsSince1970:))
    }

    /// A column of JSON text, parsed; `nil` when missing, `NULL`, of another type or not JSON.
    package func json(_ name: String) -> JSONValue? {
        string(name).flatMap { try? JSONValue(parsing: $0) }
    }
}
