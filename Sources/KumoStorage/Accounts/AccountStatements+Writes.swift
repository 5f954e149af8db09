package import NCMBWire

/// The account rows a create or an update of an object keeps in step with it, in the same transaction:
///
/// - `unique_values` holds exactly `UniqueKeys.values(className:fields:)` of the row. Each value is inserted with
///   `ON CONFLICT DO NOTHING … RETURNING`, so a value taken by another row of the class returns nothing and the unit
///   fails with `StorageError.duplicate(field:)` naming the value's field (PostgreSQL waits for a concurrent writer of
///   the same value and then sees its outcome, so two sign-ups with one name cannot both succeed).
/// - `user_credentials` holds the password hash of a user (`NewObject.passwordHash`, `ObjectUpdate.passwordHash`).
/// - `sessions` receives the session of a sign-up (`NewObject.session`), atomically with the user.
/// - `push_jobs` receives the delivery job of a push (`NewObject.pushDueAt`) and follows a changed `deliveryTime`
///   (`ObjectUpdate.pushDueAt`).
extension AccountStatements {
    /// The steps after the object row `rowId` was inserted with `fields`.
    package static func afterInsert(_ object: NewObject, fields: JSONObject, rowId: Int64, dialect: any SQLDialect) -> [SQLWriteStep] {
        var steps = UniqueKeys.values(className: object.key.className, fields: fields).map {
            insertUniqueValue($0, rowId: rowId, dialect: dialect)
        }
        if let passwordHash = object.passwordHash { steps.append(storePasswordHash(passwordHash, rowId: rowId, dialect: dialect)) }
        if let session = object.session {
            let values: [SQLValue] = [.text(session.tokenHash), .integer(rowId), .date(session.createDate), .date(session.expiresAt)]
            let statement = SQLStatement(
                dialect: dialect, "INSERT INTO sessions (token_hash, row_id, create_date, expires_at) VALUES (\(list: values))")
            steps.append(SQLWriteStep(statement))
        }
        if let dueAt = object.pushDueAt {
            let statement = SQLStatement(
                dialect: dialect, "INSERT INTO push_jobs (row_id, due_at) VALUES (\(.integer(rowId)), \(.date(dueAt)))")
            steps.append(SQLWriteStep(statement))
        }
        return steps
    }

    /// The steps after the object row `rowId` changed from `oldFields` to `newFields`: its unique values are replaced
    /// when they differ, and the password hash is stored when the update carries one.
    package static func afterUpdate(
        _ update: ObjectUpdate, oldFields: JSONObject, newFields: JSONObject, rowId: Int64, dialect: any SQLDialect
    ) -> [SQLWriteStep] {
        var steps: [SQLWriteStep] = []
        let old = UniqueKeys.values(className: update.key.className, fields: oldFields)
        let new = UniqueKeys.values(className: update.key.className, fields: newFields)
        if old != new {
            if !old.isEmpty {
                steps.append(SQLWriteStep(SQLStatement(dialect: dialect, "DELETE FROM unique_values WHERE row_id = \(.integer(rowId))")))
            }
            steps += new.map { insertUniqueValue($0, rowId: rowId, dialect: dialect) }
        }
        if let passwordHash = update.passwordHash { steps.append(storePasswordHash(passwordHash, rowId: rowId, dialect: dialect)) }
        if let dueAt = update.pushDueAt {
            // Only a job that was never attempted follows a new deliveryTime; one in progress keeps its schedule.
            let statement = SQLStatement(
                dialect: dialect, "UPDATE push_jobs SET due_at = \(.date(dueAt)) WHERE attempts = 0 AND row_id = \(.integer(rowId))")
            steps.append(SQLWriteStep(statement))
        }
        return steps
    }

    /// Claims one unique value for the row; fails with `.duplicate(field:)` when another row of the class holds it.
    static func insertUniqueValue(_ value: UniqueValue, rowId: Int64, dialect: any SQLDialect) -> SQLWriteStep {
        let statement = SQLStatement(
            dialect: dialect,
            """
            INSERT INTO unique_values (class_id, field, value, row_id) SELECT class_id, \(.text(value.field)), \(.text(value.value)), \
            row_id FROM objects WHERE row_id = \(.integer(rowId)) ON CONFLICT DO NOTHING RETURNING row_id
            """)
        return SQLWriteStep(statement, errorWhenEmpty: .duplicate(field: value.field))
    }

    /// Inserts or replaces the password hash of the user row.
    static func storePasswordHash(_ passwordHash: String, rowId: Int64, dialect: any SQLDialect) -> SQLWriteStep {
        let statement = SQLStatement(
            dialect: dialect,
            """
            INSERT INTO user_credentials (row_id, password_hash) VALUES (\(.integer(rowId)), \(.text(passwordHash))) \
            ON CONFLICT (row_id) DO UPDATE SET password_hash = excluded.password_hash
            """)
        return SQLWriteStep(statement)
    }
}
