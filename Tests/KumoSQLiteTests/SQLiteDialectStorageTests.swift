import KumoStorage
import NCMBWire
import Testing

@testable import KumoSQLite

/// How SQLite spells the shared statements: `?n` placeholders, JSON stored as text, no row locks (one writer).
@Suite struct SQLiteDialectStorageTests {
    let dialect = SQLiteDialect()

    func key() throws -> ObjectKey {
        ObjectKey(applicationId: "application1", className: try #require(ClassName("Item")), objectId: "object1")
    }

    // MARK: Tests

    @Test func anInsertUsesNumberedQuestionMarksAndStoresJSONAsText() throws {
        let object = NewObject(key: try key(), createDate: WireDate(millisecondsSince1970: 1_000), operations: [], acl: .publicReadWrite)

        let statement = ObjectStatements.insert(object, fields: [:], dialect: dialect)

        #expect(
            statement.text.contains(
                "SELECT class_id, ?1, ?2, ?2, ?3, ?4, ?5, ?6 FROM classes WHERE application_id = ?7 AND class_name = ?8"))
    }

    @Test func writesTakeNoRowLock() throws {
        let lookup = ObjectStatements.writeLookup(try key(), access: .anonymous, dialect: dialect)
        let claim = PushJobStatements.dueJobs(now: WireDate(millisecondsSince1970: 1_000), limit: 5, dialect: dialect)

        #expect(lookup.text == QueryCompiler.objectLookup(try key(), access: .anonymous, dialect: dialect).text)
        #expect(!claim.text.contains("FOR UPDATE"))
    }

    @Test func applicationsOfOneMillisecondAreOrderedByRowid() {
        #expect(ApplicationStatements.all(dialect: dialect).text.hasSuffix("ORDER BY create_date, rowid"))
        #expect(
            ApplicationStatements.classPermissions(applicationId: "application1", dialect: dialect).text.hasSuffix("permissions <> '{}'"))
    }

    @Test func anyJSONTextIsStorable() throws {
        try dialect.validateStorable(["name\u{0}": "a\u{0}b"])
    }
}
