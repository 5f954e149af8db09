package import NCMBWire

extension SQLStatement {
    /// Deletes up to `limit` rows of `table` whose `timeColumn` is before `date`, in `order`, returning one row per
    /// deleted row: the one bounded prune of the tables that only keep recent rows (the audit log, push outcomes,
    /// idempotency keys).
    ///
    /// The rows are chosen by a sub-query on `key` (one column or a parenthesised list), so the statement needs no
    /// `DELETE … LIMIT`, which PostgreSQL lacks.
    ///
    /// - Parameters:
    ///   - table: The table, compiler-owned text.
    ///   - key: The columns that identify a row, e.g. `entry_id` or `(row_id, installation_id)`.
    ///   - timeColumn: The integer column of milliseconds compared with `date`.
    ///   - order: Which old rows go first, e.g. `time`.
    ///   - returning: The column returned per deleted row.
    package static func pruning(
        _ table: String, key: String, timeColumn: String, before date: WireDate, order: String, limit: Int, returning: String,
        dialect: any SQLDialect
    ) -> SQLStatement {
        let selected = key.hasPrefix("(") ? String(key.dropFirst().dropLast()) : key
        var statement = SQLStatement(
            dialect: dialect, "DELETE FROM \(table) WHERE \(key) IN (SELECT \(selected) FROM \(table) WHERE \(timeColumn) < ")
        statement.bind(.integer(date.millisecondsSince1970))
        statement.append(" ORDER BY \(order) LIMIT ")
        statement.bind(.integer(Int64(max(0, limit))))
        statement.append(") RETURNING \(returning)")
        return statement
    }
}
