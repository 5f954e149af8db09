package import NCMBWire

/// The dialect-neutral statements of object writes, shared by both engines so that they run the same SQL.
///
/// An object is a row of `objects` (fields and ACL as JSON text, dates in milliseconds since 1970) in a class of
/// `classes`, registered on its first write. Non-public ACL entries are rows of `object_access`; relation fields are
/// rows of `relations` from the owner's `row_id` to each target's. Request values are always bound.
package enum ObjectStatements {
    /// Registers the class of an application; does nothing when it exists.
    package static func registerClass(applicationId: String, className: ClassName, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect,
            """
            INSERT INTO classes (application_id, class_name) VALUES (\(.text(applicationId)), \(.text(className.rawValue))) \
            ON CONFLICT DO NOTHING
            """)
    }

    /// Inserts the row of a new object into the class `classId`; returns its ``QueryCompiler/ObjectColumn/rowId``.
    package static func insert(_ object: NewObject, fields: JSONObject, classId: Int64, dialect: any SQLDialect) -> SQLStatement {
        insert(object, encodedFields: JSONValue.object(fields).serializedString(), classId: classId, dialect: dialect)
    }

    /// ``insert(_:fields:classId:dialect:)`` with the fields already encoded (``PreparedFields/encoded``).
    package static func insert(_ object: NewObject, encodedFields: String, classId: Int64, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(
            dialect: dialect,
            "INSERT INTO objects (class_id, object_id, create_date, update_date, public_read, public_write, acl, fields) VALUES (")
        statement.bind(.integer(classId))
        statement.append(", ")
        statement.bind(.text(object.key.objectId))
        let createDate = statement.parameter(.integer(object.createDate.millisecondsSince1970))
        statement.append(", \(createDate), \(createDate), ")
        statement.bind(.boolean(object.acl.isPublicReadable))
        statement.append(", ")
        statement.bind(.boolean(object.acl.isPublicWritable))
        statement.append(", \(dialect.jsonParameter(statement.parameter(.text(object.acl.json.serializedString())))), ")
        statement.append(dialect.jsonParameter(statement.parameter(.text(encodedFields))))
        statement.append(") RETURNING \(QueryCompiler.ObjectColumn.rowId)")
        return statement
    }

    /// The lookup a write starts with (``QueryCompiler/objectLookup(_:access:dialect:)``), locking the row until the
    /// unit ends where the engine has concurrent writers, so that operators read the value they change.
    package static func writeLookup(_ key: ObjectKey, access: AccessContext, dialect: any SQLDialect) -> SQLStatement {
        var lookup = QueryCompiler.objectLookup(key, access: access, dialect: dialect)
        lookup.append(dialect.rowLock(alias: "o", skippingLocked: false))
        return lookup
    }

    /// Stores new fields, update date and ACL in the row; returns its ``QueryCompiler/ObjectColumn/rowId`` (the
    /// change feed rides on the `RETURNING` clause, ``SQLExecutor/rows(_:announcing:)``).
    package static func update(
        rowId: Int64, fields: JSONObject, updateDate: WireDate, acl: AccessControlList, dialect: any SQLDialect
    ) -> SQLStatement {
        update(rowId: rowId, encodedFields: JSONValue.object(fields).serializedString(), updateDate: updateDate, acl: acl, dialect: dialect)
    }

    /// ``update(rowId:fields:updateDate:acl:dialect:)`` with the fields already encoded (``PreparedFields/encoded``).
    package static func update(
        rowId: Int64, encodedFields: String, updateDate: WireDate, acl: AccessControlList, dialect: any SQLDialect
    ) -> SQLStatement {
        SQLStatement(
            dialect: dialect,
            """
            UPDATE objects SET fields = \(json: .text(encodedFields)), update_date = \(.date(updateDate)), \
            acl = \(json: .text(acl.json.serializedString())), public_read = \(.boolean(acl.isPublicReadable)), \
            public_write = \(.boolean(acl.isPublicWritable)) WHERE row_id = \(.integer(rowId)) \
            RETURNING \(sql: QueryCompiler.ObjectColumn.rowId)
            """)
    }

    /// One multi-row insert of `object_access` rows; `nil` when there are none.
    package static func insertAccessRows(
        _ rows: [ObjectWritePlan.AccessRow], rowId: Int64, dialect: any SQLDialect
    ) -> SQLStatement? {
        guard !rows.isEmpty else { return nil }
        var statement = SQLStatement(dialect: dialect, "INSERT INTO object_access (row_id, principal, can_read, can_write) VALUES ")
        let owner = statement.parameter(.integer(rowId))
        for (index, row) in rows.enumerated() {
            statement.append(index == 0 ? "(\(owner), " : ", (\(owner), ")
            statement.bind(list: [.text(row.principal), .boolean(row.canRead), .boolean(row.canWrite)])
            statement.append(")")
        }
        return statement
    }

    /// Deletes the `object_access` rows of an object.
    package static func deleteAccessRows(rowId: Int64, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "DELETE FROM object_access WHERE row_id = \(.integer(rowId))")
    }

    /// Adds or removes relation rows, one statement per change and target class (in class name order): targets are
    /// objects of each pointer's class in the same application, and pointers to missing objects are ignored.
    package static func relationChanges(
        _ changes: [ObjectWritePlan.RelationChange], ownerRowId: Int64, applicationId: String, dialect: any SQLDialect
    ) -> [SQLStatement] {
        var statements: [SQLStatement] = []
        for change in changes {
            let targetsByClass = Dictionary(grouping: change.targets, by: \.className)
            for className in targetsByClass.keys.sorted() {
                var statement = SQLStatement(dialect: dialect)
                let owner = statement.parameter(.integer(ownerRowId))
                let field = statement.parameter(.text(change.field.rawValue))
                if change.isAddition {
                    statement.append(
                        "INSERT INTO relations (owner_row_id, field_name, target_row_id) SELECT \(owner), \(field), t.row_id FROM objects t WHERE "
                    )
                } else {
                    statement.append(
                        "DELETE FROM relations WHERE owner_row_id = \(owner) AND field_name = \(field) AND target_row_id IN "
                            + "(SELECT t.row_id FROM objects t WHERE ")
                }
                statement.appendClassFilter(alias: "t", applicationId: applicationId, className: className)
                statement.append(" AND t.object_id IN (")
                statement.bind(list: (targetsByClass[className] ?? []).map { .text($0.objectId) })
                // The `WHERE` before `ON CONFLICT` keeps SQLite from reading the upsert as a join constraint.
                statement.append(change.isAddition ? ") ON CONFLICT DO NOTHING" : "))")
                statements.append(statement)
            }
        }
        return statements
    }

    /// Deletes an object row with its relation rows (as owner and as target) and its access rows; the last statement
    /// deletes the object row and returns its ``QueryCompiler/ObjectColumn/rowId``.
    package static func delete(rowId: Int64, dialect: any SQLDialect) -> [SQLStatement] {
        var relations = SQLStatement(dialect: dialect)
        let row = relations.parameter(.integer(rowId))
        relations.append("DELETE FROM relations WHERE owner_row_id = \(row) OR target_row_id = \(row)")
        let object = SQLStatement(
            dialect: dialect, "DELETE FROM objects WHERE row_id = \(.integer(rowId)) RETURNING \(sql: QueryCompiler.ObjectColumn.rowId)")
        return [relations, deleteAccessRows(rowId: rowId, dialect: dialect), object]
    }
}
