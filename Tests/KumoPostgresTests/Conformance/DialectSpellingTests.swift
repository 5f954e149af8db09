import KumoPostgres
import KumoSQLite
import KumoStorage
import NCMBWire
import Testing

/// How each engine spells the shared statements: its placeholders, how JSON is stored, whether writes lock rows (only
/// PostgreSQL has concurrent writers), and the one input only PostgreSQL cannot store (U+0000).
@Suite struct DialectSpellingTests {
    /// One engine's dialect and the spellings expected from it.
    struct Spelling: Sendable, CustomTestStringConvertible {
        let engine: String
        let dialect: any SQLDialect
        let insertedValues: String
        let lookupLock: String
        let claimLock: String
        let creationOrder: String
        let permissionsText: String
        var testDescription: String { engine }
    }

    static let spellings = [
        Spelling(
            engine: "SQLite", dialect: SQLiteStorage.dialect, insertedValues: "VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6, ?7) RETURNING row_id",
            lookupLock: "", claimLock: "", creationOrder: "rowid", permissionsText: "permissions <> '{}'"),
        Spelling(
            engine: "PostgreSQL", dialect: PostgresStorage.dialect,
            insertedValues: "VALUES ($1, $2, $3, $3, $4, $5, $6::json, $7::json) RETURNING row_id",
            lookupLock: " FOR UPDATE OF o", claimLock: " FOR UPDATE OF j SKIP LOCKED", creationOrder: "position",
            permissionsText: "permissions::text <> '{}'"),
    ]

    func key() throws -> ObjectKey {
        ObjectKey(applicationId: "application1", className: try #require(ClassName("Item")), objectId: "object1")
    }

    // MARK: Tests

    @Test(arguments: spellings) func anInsertNumbersPlaceholdersAndStoresJSONTheEnginesWay(_ spelling: Spelling) throws {
        let object = NewObject(key: try key(), createDate: WireDate(millisecondsSince1970: 1_000), operations: [], acl: .publicReadWrite)

        let statement = ObjectStatements.insert(object, fields: [:], classId: 3, dialect: spelling.dialect)

        #expect(statement.text.hasSuffix(spelling.insertedValues))
    }

    @Test(arguments: spellings) func writesLockRowsOnlyWhereWritersRunConcurrently(_ spelling: Spelling) throws {
        let lookup = ObjectStatements.writeLookup(try key(), access: .anonymous, dialect: spelling.dialect)
        let claim = PushJobStatements.dueJobs(now: WireDate(millisecondsSince1970: 1_000), limit: 5, dialect: spelling.dialect)
        let unlocked = QueryCompiler.objectLookup(try key(), access: .anonymous, dialect: spelling.dialect)

        #expect(lookup.text == unlocked.text + spelling.lookupLock)
        #expect(claim.text.hasSuffix(" LIMIT " + spelling.dialect.placeholder(index: 2) + spelling.claimLock))
    }

    @Test(arguments: spellings) func applicationsAndPermissionsUseTheEnginesColumns(_ spelling: Spelling) {
        let all = ApplicationStatements.all(dialect: spelling.dialect)
        let permissions = ApplicationStatements.classPermissions(applicationId: "application1", dialect: spelling.dialect)

        #expect(all.text.hasSuffix("ORDER BY create_date, " + spelling.creationOrder))
        #expect(permissions.text.hasSuffix(spelling.permissionsText))
    }

    @Test func sqliteStoresAnyJSONText() throws {
        try SQLiteStorage.dialect.validateStorable(["name\u{0}": "a\u{0}b"])
    }

    @Test func postgresRefusesANullCharacterInAKeyOrANestedStringNamingItsField() {
        let dialect = PostgresStorage.dialect
        let inKey = #expect(throws: StorageError.self) { try dialect.validateStorable(["name\u{0}": 1]) }
        let nested = #expect(throws: StorageError.self) { try dialect.validateStorable(["list": ["ok", ["deep": "a\u{0}b"]]]) }

        guard case .invalid(let keyError)? = inKey, case .invalid(let nestedError)? = nested else {
            Issue.record("Expected invalid, got \(String(describing: inKey)) and \(String(describing: nested))")
            return
        }
        #expect(keyError.code == .invalidValue)
        #expect(keyError.arguments == ["name\u{0}"])
        #expect(nestedError.arguments == ["list"])
        #expect(throws: Never.self) { try dialect.validateStorable(["name": "plain", "list": [1, "two"]]) }
    }
}
