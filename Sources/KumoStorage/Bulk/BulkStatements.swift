package import NCMBWire

/// The dialect-neutral statements of ``BulkStore``: whole-class reads in key order for exports, and the writes of an
/// import, which keep the given objectId, dates and ACL. Statement texts do not depend on the values, so SQLite
/// prepares each once per connection.
package enum BulkStatements {
    /// Result column names.
    package enum Column {
        /// A class name.
        package static let className = "class_name"
        /// A relation's field.
        package static let field = "field_name"
        /// A relation member's class.
        package static let targetClassName = "target_class_name"
        /// A relation member's objectId.
        package static let targetObjectId = "target_object_id"
        /// A count.
        package static let count = "count"
    }

    /// How many member objectIds one relation statement binds; shorter lists repeat their last id (harmless in `IN`).
    package static let membersPerStatement = 64

    /// The registered classes of an application, in name order.
    package static func classNames(applicationId: String, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect,
            "SELECT class_name AS \(sql: Column.className) FROM classes WHERE application_id = \(.text(applicationId)) ORDER BY class_name")
    }

    /// A page of a class's objects in objectId order after `afterObjectId` (rows of ``QueryCompiler/ObjectColumn``).
    package static func objects(
        applicationId: String, className: ClassName, after afterObjectId: String?, limit: Int, dialect: any SQLDialect
    ) -> SQLStatement {
        typealias Column = QueryCompiler.ObjectColumn
        var statement = SQLStatement(
            dialect: dialect,
            "SELECT o.row_id AS \(Column.rowId), o.object_id AS \(Column.objectId), o.create_date AS \(Column.createDate), "
                + "o.update_date AS \(Column.updateDate), \(dialect.jsonColumnText("o.acl")) AS \(Column.acl), "
                + "\(dialect.jsonColumnText("o.fields")) AS \(Column.fields) FROM objects o WHERE ")
        statement.appendClassFilter(alias: "o", applicationId: applicationId, className: className)
        statement.append(" AND o.object_id > \(.text(afterObjectId ?? "")) ORDER BY o.object_id")
        statement.append(dialect.limitClause(limit: statement.parameter(.integer(Int64(limit))), offset: nil))
        return statement
    }

    /// The password hashes of the users in an objectId range (after `afterObjectId`, through `throughObjectId`): the
    /// columns ``QueryCompiler/ObjectColumn/objectId`` and ``AccountStatements/Column/passwordHash``.
    package static func passwordHashes(
        applicationId: String, after afterObjectId: String?, through throughObjectId: String, dialect: any SQLDialect
    ) -> SQLStatement {
        var statement = SQLStatement(
            dialect: dialect,
            "SELECT o.object_id AS \(QueryCompiler.ObjectColumn.objectId), c.password_hash AS \(AccountStatements.Column.passwordHash) "
                + "FROM objects o JOIN user_credentials c ON c.row_id = o.row_id WHERE ")
        statement.appendClassFilter(alias: "o", applicationId: applicationId, className: .user)
        statement.append(" AND o.object_id > \(.text(afterObjectId ?? "")) AND o.object_id <= \(.text(throughObjectId))")
        return statement
    }

    /// A page of the relation members owned by a class's objects, in (owner, field, target class, target) order after
    /// `after`.
    package static func relationMembers(
        applicationId: String, className: ClassName, after: RelationMember?, limit: Int, dialect: any SQLDialect
    ) -> SQLStatement {
        var statement = SQLStatement(
            dialect: dialect,
            "SELECT o.object_id AS \(QueryCompiler.ObjectColumn.objectId), r.field_name AS \(Column.field), "
                + "tc.class_name AS \(Column.targetClassName), t.object_id AS \(Column.targetObjectId) FROM relations r "
                + "JOIN objects o ON o.row_id = r.owner_row_id JOIN objects t ON t.row_id = r.target_row_id "
                + "JOIN classes tc ON tc.class_id = t.class_id WHERE ")
        statement.appendClassFilter(alias: "o", applicationId: applicationId, className: className)
        let after = after ?? RelationMember(objectId: "", field: "", targetClassName: "", targetObjectId: "")
        let afterKey: [SQLValue] = [.text(after.objectId), .text(after.field), .text(after.targetClassName), .text(after.targetObjectId)]
        statement.append(
            """
             AND (o.object_id, r.field_name, tc.class_name, t.object_id) > (\(list: afterKey)) \
            ORDER BY o.object_id, r.field_name, tc.class_name, t.object_id
            """)
        statement.append(dialect.limitClause(limit: statement.parameter(.integer(Int64(limit))), offset: nil))
        return statement
    }

    /// Inserts an object with its own dates unless its class holds the objectId; returns its `row_id` when inserted.
    package static func insert(_ object: BulkObject, encodedFields: String, classId: Int64, dialect: any SQLDialect) -> SQLStatement {
        let values: [SQLValue] = [
            .integer(classId), .text(object.objectId), .date(object.createDate), .date(object.updateDate),
            .boolean(object.acl.isPublicReadable), .boolean(object.acl.isPublicWritable),
        ]
        return SQLStatement(
            dialect: dialect,
            """
            INSERT INTO objects (class_id, object_id, create_date, update_date, public_read, public_write, acl, fields) \
            VALUES (\(list: values), \(json: .text(object.acl.json.serializedString())), \(json: .text(encodedFields))) \
            ON CONFLICT (class_id, object_id) DO NOTHING RETURNING \(sql: QueryCompiler.ObjectColumn.rowId)
            """)
    }

    /// Overwrites the dates, ACL and fields of the class's object with the objectId; returns its `row_id`.
    package static func replace(_ object: BulkObject, encodedFields: String, classId: Int64, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect,
            """
            UPDATE objects SET create_date = \(.date(object.createDate)), update_date = \(.date(object.updateDate)), \
            public_read = \(.boolean(object.acl.isPublicReadable)), public_write = \(.boolean(object.acl.isPublicWritable)), \
            acl = \(json: .text(object.acl.json.serializedString())), fields = \(json: .text(encodedFields)) \
            WHERE class_id = \(.integer(classId)) AND object_id = \(.text(object.objectId)) \
            RETURNING \(sql: QueryCompiler.ObjectColumn.rowId)
            """)
    }

    /// Deletes the unique values of a row (before a replaced object claims its new ones).
    package static func deleteUniqueValues(rowId: Int64, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "DELETE FROM unique_values WHERE row_id = \(.integer(rowId))")
    }

    /// Adds relation rows from the owner to those of `targetObjectIds` (at most ``membersPerStatement``) that exist;
    /// existing rows stay.
    package static func addMembers(
        _ relation: BulkRelation, targetObjectIds: [String], applicationId: String, dialect: any SQLDialect
    ) -> SQLStatement {
        var statement = SQLStatement(
            dialect: dialect,
            """
            INSERT INTO relations (owner_row_id, field_name, target_row_id) \
            SELECT o.row_id, \(.text(relation.field.rawValue)), t.row_id FROM objects o, objects t WHERE 
            """)
        statement.appendObject(alias: "o", applicationId: applicationId, className: relation.className, objectId: relation.objectId)
        statement.append(" AND ")
        appendTargets(relation, targetObjectIds: targetObjectIds, applicationId: applicationId, to: &statement)
        // The `WHERE` before `ON CONFLICT` keeps SQLite from reading the upsert as a join constraint.
        statement.append(" ON CONFLICT DO NOTHING")
        return statement
    }

    /// How many of `targetObjectIds` (at most ``membersPerStatement``) exist as objects of the target class: one row of
    /// ``Column/count`` when the owner exists, none when it does not.
    package static func countMembers(
        _ relation: BulkRelation, targetObjectIds: [String], applicationId: String, dialect: any SQLDialect
    ) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "SELECT (SELECT COUNT(*) FROM objects t WHERE ")
        appendTargets(relation, targetObjectIds: targetObjectIds, applicationId: applicationId, to: &statement)
        statement.append(") AS \(Column.count) FROM objects o WHERE ")
        statement.appendObject(alias: "o", applicationId: applicationId, className: relation.className, objectId: relation.objectId)
        return statement
    }

    /// `t` is an object of the target class among `targetObjectIds`, padded to ``membersPerStatement`` ids.
    private static func appendTargets(
        _ relation: BulkRelation, targetObjectIds: [String], applicationId: String, to statement: inout SQLStatement
    ) {
        statement.appendClassFilter(alias: "t", applicationId: applicationId, className: relation.targetClassName)
        var padded = Array(targetObjectIds.prefix(membersPerStatement))
        if let last = padded.last { padded += Array(repeating: last, count: membersPerStatement - padded.count) }
        statement.append(" AND t.object_id IN (\(list: padded.map { .text($0) }))")
    }
}
