import NCMBWire
import Testing

@Suite struct QueryParametersParsingTests {
    func parse(_ items: [(String, String)]) throws -> QueryParameters {
        try QueryParameters(queryItems: items.map { (name: $0.0, value: $0.1) })
    }

    // MARK: Tests

    @Test func readsEveryParameter() throws {
        let parameters = try parse([
            ("where", #"{"points":{"$gt":10}}"#), ("order", "-points,name"), ("limit", "20"), ("skip", "40"), ("count", "1"),
            ("include", "post.author,pointer"), ("keys", "points,name"),
        ])

        let expected = QueryParameters(
            whereQuery: WhereQuery([.field(.named("points"), [.greaterThan(10)])]),
            order: [SortKey(field: .named("points"), isDescending: true), SortKey(field: .named("name"))], limit: 20, skip: 40,
            includesCount: true, include: [[.named("post"), .named("author")], [.named("pointer")]],
            keys: [.named("points"), .named("name")])
        #expect(parameters == expected)
    }

    @Test func givesTheDefaultsWhenNothingIsSent() throws {
        let parameters = try parse([])

        #expect(parameters == QueryParameters())
        #expect(parameters.effectiveLimit == 100)
        #expect(parameters.effectiveSkip == 0)
    }

    @Test(arguments: ["where", "order", "limit", "skip", "count", "include", "keys"])
    func treatsAnEmptyValueAsAbsent(name: String) throws {
        #expect(try parse([(name, "")]) == QueryParameters())
    }

    @Test func ignoresUnknownParameters() throws {
        #expect(try parse([("sessionToken", "x"), ("foo", "{")]) == QueryParameters())
    }

    @Test func keepsTheLastValueOfARepeatedParameter() throws {
        #expect(try parse([("limit", "5"), ("limit", "7")]).limit == 7)
    }

    @Test(arguments: ["{", #"{"a":}"#, "where", #"{"a":1"#, "{'a':1}"])
    func rejectsAWhereThatIsNotJSON(text: String) {
        #expect(throws: APIError(.invalidJson)) { try parse([("where", text)]) }
    }

    @Test func rejectsAWhereThatIsNotAnObject() {
        #expect(throws: APIError(.invalidType, "where")) { try parse([("where", "[1]")]) }
    }

    @Test func reportsTheErrorsOfTheWhereParser() {
        #expect(throws: APIError(.invalidType, "$foo")) { try parse([("where", #"{"a":{"$foo":1}}"#)]) }
    }

    @Test(arguments: [("0", 0), ("1", 1), ("100", 100), ("1000", 1000)])
    func acceptsLimitsFromZeroToOneThousand(text: String, limit: Int) throws {
        #expect(try parse([("limit", text)]).limit == limit)
    }

    @Test(arguments: ["1001", "-1", "abc", "1.5", "1e2", " 5", "99999999999999999999"])
    func rejectsOtherLimits(text: String) {
        #expect(throws: APIError(.invalidValue, "limit")) { try parse([("limit", text)]) }
    }

    @Test(arguments: [("0", 0), ("5", 5), ("100000", 100_000)])
    func acceptsNonNegativeSkips(text: String, skip: Int) throws {
        #expect(try parse([("skip", text)]).skip == skip)
    }

    @Test(arguments: ["-1", "x", "2.0", "99999999999999999999"])
    func rejectsOtherSkips(text: String) {
        #expect(throws: APIError(.invalidValue, "skip")) { try parse([("skip", text)]) }
    }

    @Test(arguments: [("1", true), ("0", false)])
    func readsCountAsOneOrZero(text: String, includesCount: Bool) throws {
        #expect(try parse([("count", text)]).includesCount == includesCount)
    }

    @Test(arguments: ["2", "true", "yes", "-1"])
    func rejectsOtherCounts(text: String) {
        #expect(throws: APIError(.invalidValue, "count")) { try parse([("count", text)]) }
    }

    @Test func readsOrderKeysIgnoringSpacesAndEmptyItems() throws {
        let parameters = try parse([("order", "a, -b,,")])

        #expect(parameters.order == [SortKey(field: .named("a")), SortKey(field: .named("b"), isDescending: true)])
    }

    @Test(arguments: [("a,-1b", "-1b"), ("a b", "a b"), ("--a", "--a"), ("-", "-")])
    func rejectsInvalidOrderKeys(text: String, invalid: String) {
        #expect(throws: APIError(.invalidType, invalid)) { try parse([("order", text)]) }
    }

    @Test(arguments: [("a..b", "a..b"), ("a,.b", ".b"), ("post.1author", "post.1author")])
    func rejectsInvalidIncludePaths(text: String, invalid: String) {
        #expect(throws: APIError(.invalidType, invalid)) { try parse([("include", text)]) }
    }

    @Test func rejectsInvalidKeys() {
        #expect(throws: APIError(.invalidType, "b-c")) { try parse([("keys", "a,b-c")]) }
        #expect(throws: APIError(.invalidType, "a..b")) { try parse([("keys", "a..b")]) }
    }

    @Test func readsDottedOrderKeys() throws {
        let parameters = try parse([("order", "-hash.n,items.0.name")])

        #expect(parameters.order.map(\.text) == ["-hash.n", "items.0.name"])
        #expect(parameters.order.first?.field.root == .named("hash"))
    }

    /// A dotted `keys` item keeps its whole top-level field (docs/decisions/0104-dotted-paths.md).
    @Test func readsADottedKeyAsItsTopLevelField() throws {
        let parameters = try parse([("keys", "hash.a,name,hash.b")])

        #expect(parameters.keys == [.named("hash"), .named("name")])
    }

    @Test func printsTheSetParametersSortedByName() {
        let parameters = QueryParameters(
            whereQuery: WhereQuery([.field(.named("n"), [.greaterThan(1)])]), order: [SortKey(field: .named("n"), isDescending: true)],
            limit: 0, skip: 3, includesCount: true, include: [[.named("post"), .named("author")]], keys: [.named("n"), .named("m")])

        let items = parameters.queryItems

        #expect(items.map(\.name) == ["count", "include", "keys", "limit", "order", "skip", "where"])
        #expect(items.map(\.value) == ["1", "post.author", "n,m", "0", "-n", "3", #"{"n":{"$gt":1}}"#])
    }

    @Test func printsNothingForTheDefaults() {
        #expect(QueryParameters().queryItems.isEmpty)
    }

    @Test func omitsCountWhenFalse() {
        #expect(QueryParameters(limit: 1).queryItems.map(\.name) == ["limit"])
    }

    @Test(arguments: [
        [("count", "1"), ("limit", "0")],
        [("where", #"{"$or":[{"a":1},{"b":{"$in":[1,2]}}]}"#), ("order", "-createDate"), ("skip", "10")],
        [("include", "a.b.c,d"), ("keys", "a,d")],
        [("where", #"{"l":{"$nearSphere":{"__type":"GeoPoint","latitude":0,"longitude":0},"$maxDistanceInMiles":3}}"#)],
    ])
    func roundTripsThroughItsQueryItems(items: [(String, String)]) throws {
        let parameters = try parse(items)

        #expect(try QueryParameters(queryItems: parameters.queryItems) == parameters)
    }
}

@Suite struct SortKeyParsingTests {
    @Test(arguments: [("points", false), ("-points", true), ("createDate", false), ("-objectId", true), ("-hash.n", true), ("items.0.name", false)])
    func readsTheDirectionFromTheDashPrefix(text: String, isDescending: Bool) throws {
        let key = try SortKey(parsing: text)

        #expect(key.isDescending == isDescending)
        #expect(key.text == text)
    }

    @Test(arguments: ["", "-", "--points", "+points", "1points", "po ints", "points..x", "points.", "-points.x-y"])
    func rejectsInvalidKeysNamingThemAsSent(text: String) {
        #expect(throws: APIError(.invalidType, text)) { try SortKey(parsing: text) }
    }

    @Test func writesAListAsCommaSeparatedText() throws {
        let keys = try SortKey.parseList("a,-b")

        #expect(SortKey.listText(keys) == "a,-b")
    }

    /// `keys` of separators only names no field: the same as an empty `keys` (found by the fuzz targets of issue 16;
    /// it used to read as `[]`, objects without their fields, and printed back as no `keys`).
    @Test(arguments: [",", " ", ", ,", ""])
    func keysOfSeparatorsOnlyIsAbsent(text: String) throws {
        let parameters = try QueryParameters(queryItems: [(name: "keys", value: text)])

        #expect(parameters.keys == nil)
        #expect(try QueryParameters(queryItems: parameters.queryItems) == parameters)
    }
}
