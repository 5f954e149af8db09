import KumoStorage
import NCMBWire
import Testing

/// The shared object-write statements: every value bound, placeholders numbered by the dialect in binding order and
/// reused where one value appears twice, engine differences only through the dialect's hooks.
@Suite struct ObjectStatementsTests {
    let dialect = RecordingDialect()
    var items: ClassName { valid(ClassName.init, "Item") }
    var users: ClassName { valid(ClassName.init, "User") }

    func key(_ objectId: String) -> ObjectKey {
        ObjectKey(applicationId: "application1", className: items, objectId: objectId)
    }

    // MARK: Tests

    @Test func accessRowsAreOneInsertThatReusesTheRowPlaceholder() throws {
        let rows = [
            ObjectWritePlan.AccessRow(principal: "role:admin", canRead: true, canWrite: true),
            ObjectWritePlan.AccessRow(principal: "user1", canRead: true, canWrite: false),
        ]

        let statement = try #require(ObjectStatements.insertAccessRows(rows, rowId: 42, dialect: dialect))

        #expect(
            statement.text == "INSERT INTO object_access (row_id, principal, can_read, can_write) VALUES ($1, $2, $3, $4), ($1, $5, $6, $7)"
        )
        #expect(
            statement.bindings == [
                .integer(42), .text("role:admin"), .boolean(true), .boolean(true), .text("user1"), .boolean(true), .boolean(false),
            ])
    }

    @Test func noAccessRowsIsNoStatement() {
        #expect(ObjectStatements.insertAccessRows([], rowId: 42, dialect: dialect) == nil)
    }

    @Test func anInsertBindsItsCreateDateOnceForBothDatesAndStoresJSONThroughTheDialect() {
        let object = NewObject(
            key: key("object1"), createDate: WireDate(millisecondsSince1970: 1_000), operations: [], acl: .publicReadWrite)

        let statement = ObjectStatements.insert(object, fields: ["score": 7], classId: 12, dialect: dialect)

        #expect(
            statement.text
                == "INSERT INTO objects (class_id, object_id, create_date, update_date, public_read, public_write, acl, fields)"
                + " VALUES ($1, $2, $3, $3, $4, $5, json($6), json($7)) RETURNING row_id")
        #expect(
            statement.bindings == [
                .integer(12), .text("object1"), .integer(1_000), .boolean(true), .boolean(true),
                .text(AccessControlList.publicReadWrite.json.serializedString()), .text(#"{"score":7}"#),
            ])
    }

    @Test func relationChangesAreOneStatementPerClassInClassOrder() {
        let changes = [
            ObjectWritePlan.RelationChange(
                field: valid(FieldName.init, "members"),
                targets: [
                    Pointer(className: users, objectId: "u2"), Pointer(className: items, objectId: "i1"),
                    Pointer(className: users, objectId: "u1"),
                ],
                isAddition: true),
            ObjectWritePlan.RelationChange(
                field: valid(FieldName.init, "members"), targets: [Pointer(className: users, objectId: "u3")], isAddition: false),
        ]

        let statements = ObjectStatements.relationChanges(changes, ownerRowId: 9, applicationId: "application1", dialect: dialect)

        let classFilter = "t.class_id = (SELECT c.class_id FROM classes c WHERE c.application_id = $3 AND c.class_name = $4)"
        #expect(
            statements.map(\.text) == [
                "INSERT INTO relations (owner_row_id, field_name, target_row_id) SELECT $1, $2, t.row_id FROM objects t WHERE "
                    + classFilter + " AND t.object_id IN ($5) ON CONFLICT DO NOTHING",
                "INSERT INTO relations (owner_row_id, field_name, target_row_id) SELECT $1, $2, t.row_id FROM objects t WHERE "
                    + classFilter + " AND t.object_id IN ($5, $6) ON CONFLICT DO NOTHING",
                "DELETE FROM relations WHERE owner_row_id = $1 AND field_name = $2 AND target_row_id IN (SELECT t.row_id FROM objects t WHERE "
                    + classFilter + " AND t.object_id IN ($5))",
            ])
        #expect(
            statements.map(\.bindings) == [
                [.integer(9), .text("members"), .text("application1"), .text("Item"), .text("i1")],
                [.integer(9), .text("members"), .text("application1"), .text("User"), .text("u2"), .text("u1")],
                [.integer(9), .text("members"), .text("application1"), .text("User"), .text("u3")],
            ])
    }

    /// The `RETURNING` clause is what PostgreSQL's change announcement rides on (docs/decisions/0091-change-feed.md).
    @Test func anUpdateStoresFieldsAndACLThroughTheDialect() {
        let acl = AccessControlList(["user1": .init(read: true, write: true)])

        let statement = ObjectStatements.update(
            rowId: 5, fields: ["a": 1], updateDate: WireDate(millisecondsSince1970: 2_000), acl: acl, dialect: dialect)

        #expect(
            statement.text
                == "UPDATE objects SET fields = json($1), update_date = $2, acl = json($3), public_read = $4, public_write = $5 WHERE row_id = $6"
                + " RETURNING row_id"
        )
        #expect(
            statement.bindings == [
                .text(#"{"a":1}"#), .integer(2_000), .text(acl.json.serializedString()), .boolean(false), .boolean(false), .integer(5),
            ])
    }

    @Test func aWriteLookupEndsWithTheDialectsRowLock() {
        let lookup = ObjectStatements.writeLookup(key("object1"), access: .anonymous, dialect: dialect)

        #expect(lookup.text.hasSuffix(" LOCK o"))
        #expect(lookup.text.hasPrefix(QueryCompiler.objectLookup(key("object1"), access: .anonymous, dialect: dialect).text))
    }

    @Test func aDeleteRemovesRelationsBothWaysThenAccessRowsThenTheRow() {
        let statements = ObjectStatements.delete(rowId: 3, dialect: dialect)

        #expect(
            statements.map(\.text) == [
                "DELETE FROM relations WHERE owner_row_id = $1 OR target_row_id = $1", "DELETE FROM object_access WHERE row_id = $1",
                "DELETE FROM objects WHERE row_id = $1 RETURNING row_id",
            ])
        #expect(statements.map(\.bindings) == [[.integer(3)], [.integer(3)], [.integer(3)]])
    }

    @Test func placeholdersAreSpelledByTheDialect() {
        let statement = ObjectStatements.registerClass(
            applicationId: "application1", className: items, dialect: RecordingDialect(placeholderPrefix: "?"))

        #expect(statement.text == "INSERT INTO classes (application_id, class_name) VALUES (?1, ?2) ON CONFLICT DO NOTHING")
        #expect(statement.bindings == [.text("application1"), .text("Item")])
    }
}
