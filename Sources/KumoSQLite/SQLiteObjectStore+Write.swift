import KumoStorage
import NCMBWire

/// The statements of write units; each runs inside the writer's transaction and savepoint.
extension SQLiteObjectStore {
    /// Registers the class, inserts the row, its access rows and its relation rows, then its account rows (unique
    /// values, password hash, sign-up session: ``AccountStatements``).
    static func insert(_ object: NewObject, plan: ObjectWritePlan, transaction: SQLiteTransaction) throws -> StoredObject {
        let key = object.key
        try transaction.execute(
            "INSERT OR IGNORE INTO classes (application_id, class_name) VALUES (?1, ?2)",
            [.text(key.applicationId), .text(key.className.rawValue)]
        )
        let inserted = try transaction.rows(
            """
            INSERT INTO objects (class_id, object_id, create_date, update_date, public_read, public_write, acl, fields)
            SELECT class_id, ?3, ?4, ?4, ?5, ?6, ?7, ?8 FROM classes WHERE application_id = ?1 AND class_name = ?2
            RETURNING row_id
            """,
            [
                .text(key.applicationId), .text(key.className.rawValue), .text(key.objectId),
                .integer(object.createDate.millisecondsSince1970), .boolean(object.acl.isPublicReadable),
                .boolean(object.acl.isPublicWritable), .text(object.acl.json.serializedString()),
                .text(JSONValue.object(plan.fields).serializedString()),
            ]
        )
        guard let rowId = inserted.first?.column("row_id")?.integer else {
            throw StorageError.unavailable("The object row was not inserted.")
        }
        try insertAccessRows(ObjectWritePlan.accessRows(of: object.acl), rowId: Int64(rowId), transaction: transaction)
        try applyRelationChanges(
            plan.relationChanges, ownerRowId: Int64(rowId), applicationId: key.applicationId, transaction: transaction
        )
        let dialect = SQLiteDialect()
        try transaction.run(AccountStatements.afterInsert(object, fields: plan.fields, rowId: Int64(rowId), dialect: dialect))
        return StoredObject(
            objectId: key.objectId, createDate: object.createDate, updateDate: object.createDate, acl: object.acl, fields: plan.fields
        )
    }

    /// Applies an update to a row whose write permission was checked, keeping its account rows in step.
    static func apply(_ update: ObjectUpdate, to row: SQLiteObjectRow, transaction: SQLiteTransaction) throws -> StoredObject {
        let plan = try ObjectWritePlan(applying: update.operations, to: row.object.fields)
        let acl = update.acl ?? row.object.acl
        try transaction.execute(
            "UPDATE objects SET fields = ?1, update_date = ?2, acl = ?3, public_read = ?4, public_write = ?5 WHERE row_id = ?6",
            [
                .text(JSONValue.object(plan.fields).serializedString()), .integer(update.updateDate.millisecondsSince1970),
                .text(acl.json.serializedString()), .boolean(acl.isPublicReadable), .boolean(acl.isPublicWritable),
                .integer(row.rowId),
            ]
        )
        if let replacement = update.acl {
            try transaction.execute("DELETE FROM object_access WHERE row_id = ?1", [.integer(row.rowId)])
            try insertAccessRows(ObjectWritePlan.accessRows(of: replacement), rowId: row.rowId, transaction: transaction)
        }
        try applyRelationChanges(
            plan.relationChanges, ownerRowId: row.rowId, applicationId: update.key.applicationId, transaction: transaction
        )
        try transaction.run(
            AccountStatements.afterUpdate(
                update, oldFields: row.object.fields, newFields: plan.fields, rowId: row.rowId, dialect: SQLiteDialect()))
        var object = row.object
        object.fields = plan.fields
        object.acl = acl
        object.updateDate = update.updateDate
        return object
    }

    /// One multi-row insert of `object_access` rows.
    private static func insertAccessRows(
        _ rows: [ObjectWritePlan.AccessRow], rowId: Int64, transaction: SQLiteTransaction
    ) throws {
        guard !rows.isEmpty else { return }
        var values: [SQLValue] = [.integer(rowId)]
        var tuples: [String] = []
        for row in rows {
            values += [.text(row.principal), .boolean(row.canRead), .boolean(row.canWrite)]
            tuples.append("(?1, ?\(values.count - 2), ?\(values.count - 1), ?\(values.count))")
        }
        try transaction.execute(
            "INSERT INTO object_access (row_id, principal, can_read, can_write) VALUES " + tuples.joined(separator: ", "), values
        )
    }

    /// Adds or removes relation rows; targets are objects of each pointer's class in the same application, and
    /// pointers to missing objects are ignored.
    private static func applyRelationChanges(
        _ changes: [ObjectWritePlan.RelationChange], ownerRowId: Int64, applicationId: String, transaction: SQLiteTransaction
    ) throws {
        for change in changes {
            let targetsByClass = Dictionary(grouping: change.targets, by: \.className)
            for className in targetsByClass.keys.sorted() {
                let objectIds = (targetsByClass[className] ?? []).map(\.objectId)
                var values: [SQLValue] = [
                    .integer(ownerRowId), .text(change.field.rawValue), .text(applicationId), .text(className.rawValue),
                ]
                let placeholders = objectIds.map { objectId in
                    values.append(.text(objectId))
                    return "?\(values.count)"
                }
                let targets =
                    "SELECT t.row_id FROM objects t WHERE t.class_id = "
                    + "(SELECT class_id FROM classes WHERE application_id = ?3 AND class_name = ?4)"
                    + " AND t.object_id IN (\(placeholders.joined(separator: ", ")))"
                if change.isAddition {
                    try transaction.execute(
                        "INSERT OR IGNORE INTO relations (owner_row_id, field_name, target_row_id) SELECT ?1, ?2, row_id FROM (\(targets))",
                        values
                    )
                } else {
                    try transaction.execute(
                        "DELETE FROM relations WHERE owner_row_id = ?1 AND field_name = ?2 AND target_row_id IN (\(targets))", values
                    )
                }
            }
        }
    }
}
