package import NCMBWire

/// The dialect-neutral statements of the dashboard's audit log (`admin_audit`, migration 8). `entry_id` increases with
/// every entry (SQLite `AUTOINCREMENT`, a PostgreSQL identity), so it orders the log and pages it (`before`).
package enum AdminAuditStatements {
    /// The columns of an entry, without `entry_id`, in the order ``insert(_:dialect:)`` writes them.
    private static let columns = "time, admin, action, application, target, detail, address"

    /// Appends one entry.
    package static func insert(_ entry: AdminAuditEntry, dialect: any SQLDialect) -> SQLStatement {
        let values: [SQLValue] = [
            .date(entry.time), .text(entry.admin), .text(entry.action), entry.application.map(SQLValue.text) ?? .null,
            entry.target.map(SQLValue.text) ?? .null, .text(JSONValue.object(entry.detail).serializedString()),
            entry.address.map(SQLValue.text) ?? .null,
        ]
        return SQLStatement(dialect: dialect, "INSERT INTO admin_audit (\(sql: columns)) VALUES (\(list: values))")
    }

    /// At most `limit` entries before `before` (all when `nil`), newest first.
    package static func entries(limit: Int, before: Int64?, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "SELECT entry_id, \(columns) FROM admin_audit")
        if let before { statement.append(" WHERE entry_id < \(.integer(before))") }
        statement.append(" ORDER BY entry_id DESC LIMIT \(.count(limit))")
        return statement
    }

    /// Deletes up to `limit` entries whose time is before `date`, oldest first, returning one row per deleted entry. The
    /// inner query walks `entry_id` (the primary key), which grows with time, so it stops at the first `limit` old
    /// entries without an index on `time`.
    package static func prune(before date: WireDate, limit: Int, dialect: any SQLDialect) -> SQLStatement {
        .pruning(
            "admin_audit", key: "entry_id", timeColumn: "time", before: date, order: "entry_id", limit: limit, returning: "entry_id",
            dialect: dialect)
    }

    /// Decodes an entry row.
    ///
    /// - Throws: `StorageError.unavailable` when the row is not what the schema guarantees.
    package static func entry(_ row: SQLRow) throws(StorageError) -> AdminAuditEntry {
        guard let id = row.integer("entry_id"), let time = row.date("time"), let admin = row.string("admin"),
            let action = row.string("action"), let detail = row.json("detail")?.objectValue
        else { throw StorageError.unavailable("An admin_audit row could not be decoded.") }
        return AdminAuditEntry(
            id: id, time: time, admin: admin, action: action,
            application: row.string("application"), target: row.string("target"), detail: detail,
            address: row.string("address"))
    }
}
