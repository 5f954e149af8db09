package import NCMBWire

/// The dialect-neutral statements of `ScriptStore` for the `scripts` table, shared by both engines so that they run the
/// same SQL. A script row is keyed by (`application_id`, `name`); `run_permission` is `OperationPermission.storedJSON`
/// as text; dates are milliseconds since 1970.
package enum ScriptStatements {
    /// The columns of a script row, in the order ``insert(_:dialect:)`` writes them.
    private static let columns =
        "application_id, name, code, version_hash, version, enabled, run_permission, create_date, update_date"

    /// The script `name` of an application: at most one row.
    package static func script(applicationId: String, name: String, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect, "SELECT \(sql: columns) FROM scripts WHERE application_id = \(.text(applicationId)) AND name = \(.text(name))"
        )
    }

    /// Every script of an application, by name (byte order on both engines).
    package static func scripts(applicationId: String, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "SELECT \(sql: columns) FROM scripts WHERE application_id = \(.text(applicationId)) ORDER BY name")
    }

    /// How many scripts an application has: one row with `count`.
    package static func count(applicationId: String, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "SELECT COUNT(*) AS count FROM scripts WHERE application_id = \(.text(applicationId))")
    }

    /// Stores a new script.
    package static func insert(_ script: StoredScript, dialect: any SQLDialect) -> SQLStatement {
        let values: [SQLValue] = [
            .text(script.applicationId), .text(script.name), .text(script.code), .text(script.versionHash),
            .integer(Int64(script.version)), .boolean(script.isEnabled), .text(script.runPermission.storedJSON.serializedString()),
            .date(script.createDate), .date(script.updateDate),
        ]
        return SQLStatement(dialect: dialect, "INSERT INTO scripts (\(sql: columns)) VALUES (\(list: values))")
    }

    /// Replaces a script row's mutable columns with those of `script` (the caller computed the new version).
    package static func replace(_ script: StoredScript, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect,
            """
            UPDATE scripts SET code = \(.text(script.code)), version_hash = \(.text(script.versionHash)), \
            version = \(.integer(Int64(script.version))), enabled = \(.boolean(script.isEnabled)), \
            run_permission = \(.text(script.runPermission.storedJSON.serializedString())), update_date = \(.date(script.updateDate)) \
            WHERE application_id = \(.text(script.applicationId)) AND name = \(.text(script.name))
            """)
    }

    /// Deletes a script; returns a row when it existed.
    package static func delete(applicationId: String, name: String, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect, "DELETE FROM scripts WHERE application_id = \(.text(applicationId)) AND name = \(.text(name)) RETURNING name")
    }

    /// Decodes a script row.
    ///
    /// - Throws: `StorageError.unavailable` when the row is not what the schema guarantees.
    package static func script(_ row: SQLRow) throws(StorageError) -> StoredScript {
        guard let applicationId = row.string("application_id"), let name = row.string("name"), let code = row.string("code"),
            let versionHash = row.string("version_hash"), let version = row.integer("version"),
            let permission = row.json("run_permission"), let createDate = row.date("create_date"),
            let updateDate = row.date("update_date")
        else { throw StorageError.unavailable("A scripts row could not be decoded.") }
        return StoredScript(
            applicationId: applicationId, name: name, code: code, versionHash: versionHash, version: Int(version),
            isEnabled: row.flag("enabled"), runPermission: OperationPermission(storedJSON: permission),
            createDate: createDate, updateDate: updateDate)
    }
}
