package import NCMBWire

/// The dialect-neutral statements of the execution log (`script_executions`), shared by both engines.
///
/// `entry_id` increases with every entry (SQLite `AUTOINCREMENT`, a PostgreSQL identity), so it orders the log and lets
/// `kumo scripts logs --follow` ask for what came after the last entry it printed. `request`, `response` and `console`
/// are JSON text; they are never queried.
package enum ScriptExecutionStatements {
    /// The columns of an entry, without `entry_id`, in the order ``insert(_:dialect:)`` writes them.
    private static let columns =
        "application_id, script_name, started_at, duration_ms, method, status, request, response, console, error, stack"

    /// Appends one entry.
    package static func insert(_ execution: ScriptExecution, dialect: any SQLDialect) -> SQLStatement {
        let console = JSONValue.array(execution.console.map { ["level": .string($0.level), "text": .string($0.text)] })
        let values: [SQLValue] = [
            .text(execution.applicationId), .text(execution.scriptName), .date(execution.startedAt),
            .integer(execution.durationMilliseconds), .text(execution.method), .text(execution.status.rawValue),
            .text(JSONValue.object(execution.request).serializedString()),
            .text(JSONValue.object(execution.response).serializedString()), .text(console.serializedString()),
            execution.error.map(SQLValue.text) ?? .null, execution.stack.map(SQLValue.text) ?? .null,
        ]
        return SQLStatement(dialect: dialect, "INSERT INTO script_executions (\(sql: columns)) VALUES (\(list: values))")
    }

    /// The newest `limit` entries of an application (of one script when `scriptName` is given) before `entryId` (of all
    /// when `nil`), oldest first.
    package static func recent(
        applicationId: String, scriptName: String?, before entryId: Int64? = nil, limit: Int, dialect: any SQLDialect
    ) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "SELECT * FROM (SELECT entry_id, \(columns) FROM script_executions")
        statement.appendFilter(applicationId: applicationId, scriptName: scriptName)
        if let entryId { statement.append(" AND entry_id < \(.integer(entryId))") }
        statement.append(" ORDER BY entry_id DESC LIMIT \(.count(limit))) AS recent ORDER BY entry_id")
        return statement
    }

    /// At most `limit` entries after `entryId`, oldest first.
    package static func after(
        _ entryId: Int64, applicationId: String, scriptName: String?, limit: Int, dialect: any SQLDialect
    ) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "SELECT entry_id, \(columns) FROM script_executions")
        statement.appendFilter(applicationId: applicationId, scriptName: scriptName)
        statement.append(" AND entry_id > \(.integer(entryId)) ORDER BY entry_id LIMIT \(.count(limit))")
        return statement
    }

    /// Deletes the entries that started before `cutoff`.
    package static func deleteStarted(before cutoff: WireDate, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "DELETE FROM script_executions WHERE started_at < \(.date(cutoff))")
    }

    /// The applications that have entries: rows of `application_id`.
    package static func applications(dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "SELECT DISTINCT application_id FROM script_executions")
    }

    /// Deletes all but the newest `keeping` entries of an application.
    package static func deleteOlderThanNewest(_ keeping: Int, applicationId: String, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "DELETE FROM script_executions WHERE application_id = ")
        let application = statement.parameter(.text(applicationId))
        statement.append(application)
        statement.append(" AND entry_id <= (SELECT entry_id FROM script_executions WHERE application_id = \(application)")
        statement.append(" ORDER BY entry_id DESC LIMIT 1 OFFSET \(.count(keeping)))")
        return statement
    }

    /// Decodes an entry row.
    ///
    /// - Throws: `StorageError.unavailable` when the row is not what the schema guarantees.
    package static func execution(_ row: SQLRow) throws(StorageError) -> ScriptExecution {
        guard let entryId = row.integer("entry_id"), let applicationId = row.string("application_id"),
            let scriptName = row.string("script_name"), let startedAt = row.date("started_at"),
            let duration = row.integer("duration_ms"), let method = row.string("method"),
            let status = row.string("status").flatMap(ScriptExecutionStatus.init(rawValue:)),
            let request = row.json("request")?.objectValue, let response = row.json("response")?.objectValue,
            let console = row.json("console")?.arrayValue
        else { throw StorageError.unavailable("A script_executions row could not be decoded.") }
        let lines = console.compactMap { line -> ScriptConsoleLine? in
            guard let level = line.objectValue?["level"]?.stringValue, let text = line.objectValue?["text"]?.stringValue else {
                return nil
            }
            return ScriptConsoleLine(level: level, text: text)
        }
        return ScriptExecution(
            sequence: entryId, applicationId: applicationId, scriptName: scriptName,
            startedAt: startedAt, durationMilliseconds: duration, method: method, status: status,
            request: request, response: response, console: lines, error: row.string("error"), stack: row.string("stack"))
    }
}

extension SQLStatement {
    /// Appends ` WHERE application_id = … [AND script_name = …]`.
    fileprivate mutating func appendFilter(applicationId: String, scriptName: String?) {
        append(" WHERE application_id = \(.text(applicationId))")
        if let scriptName { append(" AND script_name = \(.text(scriptName))") }
    }
}
