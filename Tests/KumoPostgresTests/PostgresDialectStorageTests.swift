import KumoStorage
import NCMBWire
import Testing

@testable import KumoPostgres

/// How PostgreSQL spells the shared statements: `$n` placeholders, `json` casts, row locks for concurrent writers, and
/// the one input it cannot store (U+0000).
@Suite struct PostgresDialectStorageTests {
    let dialect = PostgresDialect()

    func key() throws -> ObjectKey {
        ObjectKey(applicationId: "application1", className: try #require(ClassName("Item")), objectId: "object1")
    }

    // MARK: Tests

    @Test func anInsertUsesDollarPlaceholdersAndCastsJSON() throws {
        let object = NewObject(key: try key(), createDate: WireDate(millisecondsSince1970: 1_000), operations: [], acl: .publicReadWrite)

        let statement = ObjectStatements.insert(object, fields: [:], dialect: dialect)

        #expect(
            statement.text.contains(
                "SELECT class_id, $1, $2, $2, $3, $4, $5::json, $6::json FROM classes WHERE application_id = $7 AND class_name = $8"))
    }

    @Test func aWriteLocksItsObjectAndAClaimSkipsLockedJobs() throws {
        let lookup = ObjectStatements.writeLookup(try key(), access: .anonymous, dialect: dialect)
        let claim = PushJobStatements.dueJobs(now: WireDate(millisecondsSince1970: 1_000), limit: 5, dialect: dialect)

        #expect(lookup.text.hasSuffix(" FOR UPDATE OF o"))
        #expect(claim.text.hasSuffix(" FOR UPDATE OF j SKIP LOCKED"))
    }

    @Test func applicationsOfOneMillisecondAreOrderedByPosition() {
        #expect(ApplicationStatements.all(dialect: dialect).text.hasSuffix("ORDER BY create_date, position"))
        #expect(
            ApplicationStatements.classPermissions(applicationId: "application1", dialect: dialect).text.hasSuffix(
                "permissions::text <> '{}'"))
    }

    @Test func aNullCharacterInAKeyOrANestedStringIsRefusedNamingItsField() {
        let inKey = #expect(throws: StorageError.self) { try dialect.validateStorable(["name\u{0}": 1]) }
        let nested = #expect(throws: StorageError.self) { try dialect.validateStorable(["list": ["ok", ["deep": "a\u{0}b"]]]) }

        guard case .invalid(let keyError)? = inKey, case .invalid(let nestedError)? = nested else {
            Issue.record("Expected invalid, got \(String(describing: inKey)) and \(String(describing: nested))")
            return
        }
        #expect(keyError.code == .invalidValue)
        #expect(nestedError.code == .invalidValue)
        #expect(throws: Never.self) { try dialect.validateStorable(["name": "plain", "list": [1, "two"]]) }
    }
}
