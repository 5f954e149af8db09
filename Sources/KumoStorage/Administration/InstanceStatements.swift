package import NCMBWire

/// The dialect-neutral statements of the instances' heartbeat rows (`instances`, migration 11 of SQLite and 12 of
/// PostgreSQL, docs/decisions/0149-instances-on-the-overview.md); times are milliseconds since 1970, `counters` JSON text.
package enum InstanceStatements {
    private static let columns = "instance_id, address, start_time, heartbeat_time, counters"

    /// Writes an instance's row, replacing its earlier one.
    package static func record(_ heartbeat: InstanceHeartbeat, dialect: any SQLDialect) -> SQLStatement {
        let values: [SQLValue] = [
            .text(heartbeat.instanceId), .text(heartbeat.address), .date(heartbeat.startDate), .date(heartbeat.heartbeatDate),
            .text(JSONValue.object(heartbeat.counters).serializedString()),
        ]
        return SQLStatement(
            dialect: dialect,
            """
            INSERT INTO instances (\(sql: columns)) VALUES (\(list: values)) \
            ON CONFLICT (instance_id) DO UPDATE SET address = excluded.address, start_time = excluded.start_time, \
            heartbeat_time = excluded.heartbeat_time, counters = excluded.counters
            """)
    }

    /// Deletes the rows whose heartbeat is before `date`.
    package static func deleteExpired(before date: WireDate, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "DELETE FROM instances WHERE heartbeat_time < \(.date(date))")
    }

    /// The rows whose heartbeat is at or after `date`, oldest start first.
    package static func alive(since date: WireDate, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect,
            "SELECT \(sql: columns) FROM instances WHERE heartbeat_time >= \(.date(date)) ORDER BY start_time, instance_id")
    }

    /// Deletes one instance's row.
    package static func delete(instanceId: String, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "DELETE FROM instances WHERE instance_id = \(.text(instanceId))")
    }

    /// Decodes a row.
    ///
    /// - Throws: `StorageError.unavailable` when the row is not what the schema guarantees.
    package static func heartbeat(_ row: SQLRow) throws(StorageError) -> InstanceHeartbeat {
        guard let instanceId = row.string("instance_id"), let address = row.string("address"), let start = row.date("start_time"),
            let heartbeat = row.date("heartbeat_time"), let counters = row.json("counters")?.objectValue
        else { throw StorageError.unavailable("An instances row could not be decoded.") }
        return InstanceHeartbeat(instanceId: instanceId, address: address, startDate: start, heartbeatDate: heartbeat, counters: counters)
    }
}
