package import NCMBWire

/// The dialect-neutral statements of the instances' heartbeat rows (`instances`, migration 11 of SQLite and 12 of
/// PostgreSQL, docs/decisions/0149-instances-on-the-overview.md); times are milliseconds since 1970, `counters` JSON text.
package enum InstanceStatements {
    private static let columns = "instance_id, address, start_time, heartbeat_time, counters"

    /// Writes an instance's row, replacing its earlier one.
    package static func record(_ heartbeat: InstanceHeartbeat, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "INSERT INTO instances (\(columns)) VALUES (")
        statement.bind(list: [
            .text(heartbeat.instanceId), .text(heartbeat.address), .integer(heartbeat.startDate.millisecondsSince1970),
            .integer(heartbeat.heartbeatDate.millisecondsSince1970), .text(JSONValue.object(heartbeat.counters).serializedString()),
        ])
        statement.append(
            """
            ) ON CONFLICT (instance_id) DO UPDATE SET address = excluded.address, start_time = excluded.start_time, \
            heartbeat_time = excluded.heartbeat_time, counters = excluded.counters
            """)
        return statement
    }

    /// Deletes the rows whose heartbeat is before `date`.
    package static func deleteExpired(before date: WireDate, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "DELETE FROM instances WHERE heartbeat_time < ")
        statement.bind(.integer(date.millisecondsSince1970))
        return statement
    }

    /// The rows whose heartbeat is at or after `date`, oldest start first.
    package static func alive(since date: WireDate, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "SELECT \(columns) FROM instances WHERE heartbeat_time >= ")
        statement.bind(.integer(date.millisecondsSince1970))
        statement.append(" ORDER BY start_time, instance_id")
        return statement
    }

    /// Deletes one instance's row.
    package static func delete(instanceId: String, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "DELETE FROM instances WHERE instance_id = ")
        statement.bind(.text(instanceId))
        return statement
    }

    /// Decodes a row.
    ///
    /// - Throws: `StorageError.unavailable` when the row is not what the schema guarantees.
    package static func heartbeat(_ row: SQLRow) throws(StorageError) -> InstanceHeartbeat {
        guard let instanceId = row.string("instance_id"), let address = row.string("address"), let start = row.integer("start_time"),
            let heartbeat = row.integer("heartbeat_time"),
            let counters = row.string("counters").flatMap({ try? JSONValue(parsing: $0) })?.objectValue
        else { throw StorageError.unavailable("An instances row could not be decoded.") }
        return InstanceHeartbeat(
            instanceId: instanceId, address: address, startDate: WireDate(millisecondsSince1970: start),
            heartbeatDate: WireDate(millisecondsSince1970: heartbeat), counters: counters)
    }
}
