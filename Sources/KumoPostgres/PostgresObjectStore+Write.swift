import KumoStorage
import NCMBWire

/// The statements of write units; each runs inside the unit's transaction.
extension PostgresObjectStore {
    /// Registers the class, inserts the row, its access rows and its relation rows, then its account rows (unique
    /// values, password hash, sign-up session: ``AccountStatements``).
    static func insert(_ object: NewObject, plan: ObjectWritePlan, transaction: PostgresTransaction) async throws -> StoredObject {
        let key = object.key
        try await transaction.execute(
            "INSERT INTO classes (application_id, class_name) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            [.text(key.applicationId), .text(key.className.rawValue)]
        )
        let inserted = try await transaction.rows(
            """
            INSERT INTO objects (class_id, object_id, create_date, update_date, public_read, public_write, acl, fields)
            SELECT class_id, $3, $4, $4, $5, $6, $7::json, $8::json FROM classes WHERE application_id = $1 AND class_name = $2
            RETURNING row_id
            """,
            [
                .text(key.applicationId), .text(key.className.rawValue), .text(key.objectId),
                .integer(object.createDate.millisecondsSince1970), .boolean(object.acl.isPublicReadable),
                .boolean(object.acl.isPublicWritable), .text(object.acl.json.serializedString()),
                .text(JSONValue.object(try rejectingNullCharacters(plan.fields)).serializedString()),
            ]
        )
        guard let rowId = inserted.first?.integer("row_id") else {
            throw StorageError.unavailable("The object row was not inserted.")
        }
        try await insertAccessRows(ObjectWritePlan.accessRows(of: object.acl), rowId: rowId, transaction: transaction)
        try await applyRelationChanges(plan.relationChanges, ownerRowId: rowId, applicationId: key.applicationId, transaction: transaction)
        try await transaction.run(AccountStatements.afterInsert(object, fields: plan.fields, rowId: rowId, dialect: PostgresDialect()))
        return StoredObject(
            objectId: key.objectId, createDate: object.createDate, updateDate: object.createDate, acl: object.acl, fields: plan.fields
        )
    }

    /// Applies an update to a row whose write permission was checked and which is locked, keeping its account rows in
    /// step.
    static func apply(_ update: ObjectUpdate, to row: PostgresObjectRow, transaction: PostgresTransaction) async throws -> StoredObject {
        let plan = try ObjectWritePlan(applying: update.operations, to: row.object.fields)
        let acl = update.acl ?? row.object.acl
        try await transaction.execute(
            "UPDATE objects SET fields = $1::json, update_date = $2, acl = $3::json, public_read = $4, public_write = $5 WHERE row_id = $6",
            [
                .text(JSONValue.object(try rejectingNullCharacters(plan.fields)).serializedString()),
                .integer(update.updateDate.millisecondsSince1970),
                .text(acl.json.serializedString()), .boolean(acl.isPublicReadable), .boolean(acl.isPublicWritable),
                .integer(row.rowId),
            ]
        )
        if let replacement = update.acl {
            try await transaction.execute("DELETE FROM object_access WHERE row_id = $1", [.integer(row.rowId)])
            try await insertAccessRows(ObjectWritePlan.accessRows(of: replacement), rowId: row.rowId, transaction: transaction)
        }
        try await applyRelationChanges(
            plan.relationChanges, ownerRowId: row.rowId, applicationId: update.key.applicationId, transaction: transaction
        )
        try await transaction.run(
            AccountStatements.afterUpdate(
                update, oldFields: row.object.fields, newFields: plan.fields, rowId: row.rowId, dialect: PostgresDialect()))
        var object = row.object
        object.fields = plan.fields
        object.acl = acl
        object.updateDate = update.updateDate
        return object
    }

    /// Refuses fields holding U+0000 in a string or a key (E400005 naming the field).
    ///
    /// PostgreSQL's JSON functions cannot turn `\u0000` into text, and one such document would make every query over
    /// its class fail; SQLite has no such limit, so this is the one input the engines treat differently.
    static func rejectingNullCharacters(_ fields: JSONObject) throws -> JSONObject {
        for (name, value) in fields where name.unicodeScalars.contains("\u{0}") || value.containsNullCharacter {
            throw StorageError.invalid(APIError(.invalidValue, name))
        }
        return fields
    }

    /// One multi-row insert of `object_access` rows.
    private static func insertAccessRows(
        _ rows: [ObjectWritePlan.AccessRow], rowId: Int64, transaction: PostgresTransaction
    ) async throws {
        guard !rows.isEmpty else { return }
        var values: [SQLValue] = [.integer(rowId)]
        var tuples: [String] = []
        for row in rows {
            values += [.text(row.principal), .boolean(row.canRead), .boolean(row.canWrite)]
            tuples.append("($1, $\(values.count - 2), $\(values.count - 1), $\(values.count))")
        }
        try await transaction.execute(
            "INSERT INTO object_access (row_id, principal, can_read, can_write) VALUES " + tuples.joined(separator: ", "), values
        )
    }

    /// Adds or removes relation rows; targets are objects of each pointer's class in the same application, and
    /// pointers to missing objects are ignored.
    private static func applyRelationChanges(
        _ changes: [ObjectWritePlan.RelationChange], ownerRowId: Int64, applicationId: String, transaction: PostgresTransaction
    ) async throws {
        for change in changes {
            let targetsByClass = Dictionary(grouping: change.targets, by: \.className)
            for className in targetsByClass.keys.sorted() {
                let objectIds = (targetsByClass[className] ?? []).map(\.objectId)
                var values: [SQLValue] = [
                    .integer(ownerRowId), .text(change.field.rawValue), .text(applicationId), .text(className.rawValue),
                ]
                let placeholders = objectIds.map { objectId in
                    values.append(.text(objectId))
                    return "$\(values.count)"
                }
                let targets =
                    "SELECT t.row_id FROM objects t WHERE t.class_id = "
                    + "(SELECT class_id FROM classes WHERE application_id = $3 AND class_name = $4)"
                    + " AND t.object_id IN (\(placeholders.joined(separator: ", ")))"
                if change.isAddition {
                    try await transaction.execute(
                        "INSERT INTO relations (owner_row_id, field_name, target_row_id) SELECT $1, $2, row_id FROM (\(targets)) AS targets"
                            + " ON CONFLICT DO NOTHING",
                        values
                    )
                } else {
                    try await transaction.execute(
                        "DELETE FROM relations WHERE owner_row_id = $1 AND field_name = $2 AND target_row_id IN (\(targets))", values
                    )
                }
            }
        }
    }
}

extension JSONValue {
    /// Whether a string or an object key anywhere in the value holds U+0000.
    fileprivate var containsNullCharacter: Bool {
        switch self {
        case .string(let text): text.unicodeScalars.contains("\u{0}")
        case .array(let elements): elements.contains { $0.containsNullCharacter }
        case .object(let object): object.contains { $0.key.unicodeScalars.contains("\u{0}") || $0.value.containsNullCharacter }
        default: false
        }
    }
}
