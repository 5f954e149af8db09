import KumoTestSupport
import Testing

/// The query conformance suite on PostgreSQL (issue 6): every ``ConformanceCase`` of ``QueryConformanceTests``, against
/// one seeded Kumo server whose storage is a scratch PostgreSQL schema. Both engines must answer identically.
@Suite(.enabled(if: TestDatabase.runsPostgres, TestDatabase.skipReason), .seededServer(on: .postgres))
struct PostgresQueryConformanceTests {
    // MARK: Tests

    @Test(arguments: QueryConformanceTests.allCases)
    func queryAnswersAsSpecified(_ conformanceCase: ConformanceCase) async throws {
        let server = try #require(ConformanceServer.current, "the suite trait binds the seeded server")

        try await ConformanceRunner(server: server).run(conformanceCase)
    }
}
