import Testing

/// The query conformance suite: every ``ConformanceCase`` against one seeded Kumo server on SQLite, as the anonymous
/// caller (docs/wire/endpoints/queries.md, docs/wire/query-operators.md, docs/decisions/0001-query-limit.md,
/// docs/decisions/0002-default-order.md, docs/decisions/0003-existence-is-not-leaked.md,
/// docs/decisions/0011-extensions.md).
@Suite(.seededServer) struct QueryConformanceTests {
    /// Every case, in the order of the sections of the wire reference, docs/wire/README.md.
    static let allCases: [ConformanceCase] =
        ConformanceCase.equalityCases + ConformanceCase.notEqualCases + ConformanceCase.comparisonCases
        + ConformanceCase.systemFieldCases + ConformanceCase.membershipCases + ConformanceCase.existenceCases
        + ConformanceCase.regexCases + ConformanceCase.arrayCases + ConformanceCase.disjunctionCases
        + ConformanceCase.inQueryCases + ConformanceCase.selectCases + ConformanceCase.relatedToCases
        + ConformanceCase.nearSphereCases + ConformanceCase.boxCases + ConformanceCase.orderCases
        + ConformanceCase.pagingCases + ConformanceCase.defaultLimitCases + ConformanceCase.countCases + ConformanceCase.includeCases
        + ConformanceCase.keysCases + ConformanceCase.errorCases

    // MARK: Tests

    @Test(arguments: allCases)
    func queryAnswersAsSpecified(_ conformanceCase: ConformanceCase) async throws {
        let server = try #require(ConformanceServer.current, "the suite trait binds the seeded server")

        try await ConformanceRunner(server: server).run(conformanceCase)
    }

    @Test func caseNamesAreUnique() {
        let names = QueryConformanceTests.allCases.map(\.name)

        #expect(Set(names).count == names.count)
    }
}
