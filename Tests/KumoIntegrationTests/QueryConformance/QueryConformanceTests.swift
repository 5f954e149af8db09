import Testing

/// The query conformance suite: every ``ConformanceCase`` against one seeded Kumo server on SQLite, as the anonymous
/// caller (wire spec §5.2, §7, Kumo D1–D3, D11).
@Suite(.seededServer) struct QueryConformanceTests {
    /// Every case, in the order of the wire spec's sections.
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
