import KumoPostgres
import KumoStorage
import Testing

/// The names under which the PostgreSQL engine prepares the stores' statements (docs/decisions/0177-postgresql-on-a-fresh-cluster.md).
@Suite struct PostgresStatementCacheTests {
    func statement(_ text: String, _ values: [SQLValue] = []) -> SQLStatement {
        SQLStatement(dialect: PostgresStorage.dialect, text, bindings: values)
    }

    // MARK: Tests

    @Test func aDataStatementKeepsItsNameAndOthersRunUnnamed() {
        let cache = PostgresStatementCache()
        let select = statement("SELECT object_id FROM objects WHERE row_id = $1", [.integer(1)])

        let first = cache.name(for: select)
        let again = cache.name(for: statement("SELECT object_id FROM objects WHERE row_id = $1", [.integer(2)]))

        #expect(first != nil && again == first)
        for text in ["BEGIN", "COMMIT", "CREATE INDEX CONCURRENTLY i ON objects (row_id)", "ANALYZE objects", "SET x = 1"] {
            #expect(cache.name(for: statement(text)) == nil, "\(text)")
        }
        #expect(cache.namesIssued == 1)
    }

    @Test func theSameTextWithOtherValueTypesGetsAnotherName() {
        let cache = PostgresStatementCache()
        let text = "SELECT object_id FROM objects WHERE fields->>'a' = $1"

        let integer = cache.name(for: statement(text, [.integer(1)]))
        let double = cache.name(for: statement(text, [.double(1.5)]))
        let null = cache.name(for: statement(text, [.null]))

        #expect(Set([integer, double, null]).count == 3)
    }

    @Test func namesAreBoundedAndLaterStatementsRunUnnamed() {
        let cache = PostgresStatementCache()
        let limit = PostgresStatementCache.maximumNames

        let names = (0..<limit).compactMap { cache.name(for: statement("SELECT \($0)")) }
        let past = cache.name(for: statement("SELECT \(limit)"))

        #expect(Set(names).count == limit)
        #expect(past == nil)
        #expect(cache.name(for: statement("SELECT 0")) == names.first)
    }

    @Test func aFailureWhereTheStatementNeverRanReplacesItsName() throws {
        let cache = PostgresStatementCache()
        let select = statement("SELECT 1")
        let name = try #require(cache.name(for: select))

        cache.failed(select, name: name, on: 7)
        let replaced = try #require(cache.name(for: select))
        cache.succeeded(select, name: replaced, on: 7)
        cache.failed(select, name: replaced, on: 7)

        #expect(replaced != name)
        #expect(cache.name(for: select) == replaced)
        // A failure on another connection, where the statement never ran, replaces it again.
        cache.failed(select, name: replaced, on: 8)
        #expect(cache.name(for: select) != replaced)
    }

    @Test func aReplacedStatementRunsUnnamedWhenNoNameIsLeft() throws {
        let cache = PostgresStatementCache()
        let select = statement("SELECT 1")
        let name = try #require(cache.name(for: select))
        for index in 1..<PostgresStatementCache.maximumNames { _ = cache.name(for: statement("SELECT \(index + 1)")) }

        cache.failed(select, name: name, on: 1)

        #expect(cache.name(for: select) == nil)
    }
}
