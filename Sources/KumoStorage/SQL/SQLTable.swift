/// The type of a table column, spelled by each engine's ``SQLDialect/columnType(_:)``.
package enum SQLColumnType: Sendable {
    /// Text (`TEXT` on both engines).
    case text
    /// A 64-bit integer: milliseconds, counts (`INTEGER` in SQLite, `BIGINT` in PostgreSQL).
    case integer
    /// A floating-point number (`REAL` in SQLite, `DOUBLE PRECISION` in PostgreSQL).
    case real
}

/// A `NOT NULL` column of an ``SQLTable``.
package struct SQLColumn: Sendable {
    /// The column's name.
    package let name: String
    /// The column's type.
    package let type: SQLColumnType

    /// A text column.
    package static func text(_ name: String) -> SQLColumn { SQLColumn(name: name, type: .text) }

    /// An integer column.
    package static func integer(_ name: String) -> SQLColumn { SQLColumn(name: name, type: .integer) }

    /// A floating-point column.
    package static func real(_ name: String) -> SQLColumn { SQLColumn(name: name, type: .real) }
}

/// A table declared once for both engines: its columns (all `NOT NULL`) and primary key, rendered into each engine's
/// `CREATE TABLE` by its dialect (docs/decisions/0173-shared-table-declarations.md).
///
/// The rendering is fixed: the engines' shipped migrations that declare their tables this way are pinned byte for byte
/// by `ShippedMigrationsTests`, so it must not change.
package struct SQLTable: Sendable {
    /// The table's name.
    package let name: String
    /// Its columns, in order.
    package let columns: [SQLColumn]
    /// The columns of its primary key, in order.
    package let primaryKey: [String]

    /// The `CREATE TABLE` statement (without a terminating `;`), one column a line.
    package func createStatement(_ dialect: any SQLDialect) -> String {
        let lines = columns.map { "    \($0.name) \(dialect.columnType($0.type)) NOT NULL," }
        return """
            CREATE TABLE \(name) (
            \(lines.joined(separator: "\n"))
                PRIMARY KEY (\(primaryKey.joined(separator: ", ")))
            )
            """
    }
}
