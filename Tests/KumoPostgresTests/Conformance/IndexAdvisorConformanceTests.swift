import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Indexes never change a result, whatever the types a field holds; the advisor records slow shapes, suggests indexes
/// and creates them by itself within its limits (docs/decisions/0075-index-advisor.md).
@Suite struct IndexAdvisorConformanceTests {
    /// One field holding every kind of value NCMB compares, plus objects without it.
    static let mixed: [NewObject] = {
        let values: [(String, JSONValue)] = [
            ("one", 1), ("twoAndAHalf", 2.5), ("ten", 10), ("textOne", "1"), ("textAbc", "abc"), ("textTen", "10"),
            ("date2020", Fixture.dateValue("2020-01-01T00:00:00.000Z")), ("date2021", Fixture.dateValue("2021-06-01T00:00:00.000Z")),
            ("yes", true), ("no", false), ("null", .null), ("array", [1]), ("object", ["a": 1]),
            ("pointer", Fixture.pointer("Owner", "owner1").json),
        ]
        return values.enumerated().map { offset, pair in
            Fixture.newObject("Mixed", pair.0, ["value": pair.1], seconds: Int64(offset))
        } + [Fixture.newObject("Mixed", "missing", ["other": 1], seconds: 100)]
    }()

    static let conditions: [FieldCondition] = [
        .equalTo(1), .equalTo("1"), .greaterThan(1), .greaterThanOrEqualTo("1"), .lessThan("abc"), .lessThanOrEqualTo(10),
        .greaterThan(Fixture.dateValue("2020-06-01T00:00:00.000Z")), .equalTo(true), .equalTo(false), .notEqualTo(1),
        .containedIn([1, "1", 10]), .notContainedIn([10, "abc"]), .equalTo(Fixture.pointer("Owner", "owner1").json),
        .equalTo(.null), .exists(true),
    ]

    @Test(arguments: TestDatabase.engines)
    func indexesOfEveryKindChangeNoResultOfMixedTypeComparisons(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(IndexAdvisorConformanceTests.mixed)
            func results() async throws -> [[String]] {
                var all: [[String]] = []
                for condition in IndexAdvisorConformanceTests.conditions {
                    all.append(try await storage.matching("Mixed", Fixture.whereField("value", condition), access: .anonymous))
                }
                return all
            }
            let scanned = try await results()
            for kind in IndexValueKind.allCases {
                _ = try await storage.indexes.create(
                    ClassIndex(
                        applicationId: Fixture.applicationId, className: Fixture.className("Mixed"),
                        fields: [IndexedField(Fixture.field("value"), kind)], createDate: Fixture.date()))
            }
            let indexed = try await results()

            #expect(indexed == scanned)
            #expect(scanned[0] == ["array", "one"])  // [1] holds 1 (docs/decisions/0016-type-aware-equality.md)
            #expect(scanned[1] == ["textOne"])
            #expect(scanned[2] == ["ten", "twoAndAHalf"])
            #expect(scanned[3] == ["textAbc", "textOne", "textTen"])
            #expect(scanned[6] == ["date2021"])
            #expect(scanned[7] == ["yes"])
        }
    }

    // MARK: Advisor

    static func scoreQuery(_ threshold: Int64) -> FindRequest {
        Fixture.request(
            "Item", QueryParameters(whereQuery: Fixture.whereField("score", .greaterThanOrEqualTo(.integer(threshold))), includesCount: true))
    }

    @Test(arguments: TestDatabase.engines)
    func theAdvisorRecordsSlowShapesSuggestsAndCreatesIndexesWithinItsLimit(_ engine: StorageEngine) async throws {
        let recorder = SlowQueryRecorder(threshold: .zero)
        try await StorageUnderTest.with(engine, slowQueries: recorder) { storage in
            try await storage.createAll(Array(IndexConformanceTests.items().prefix(20)))
            let advisor = IndexAdvisor(
                store: storage.indexes, recorder: recorder, automaticIndexing: .init(minimumRuns: 2, maximumPerClass: 2))
            let now = Fixture.date(1000)

            _ = try await storage.objects.find(IndexAdvisorConformanceTests.scoreQuery(3), access: .anonymous)
            _ = try await storage.objects.object(Fixture.key("Item", "item1"), include: [], access: .anonymous)
            let firstRound = try await advisor.collect(now: now)
            let records = try await storage.indexes.slowQueries(applicationId: Fixture.applicationId)

            _ = try await storage.objects.find(IndexAdvisorConformanceTests.scoreQuery(7), access: .anonymous)
            let nameQuery = Fixture.request("Item", QueryParameters(whereQuery: Fixture.whereField("name", .equalTo("name-1"))))
            for _ in 0..<3 { _ = try await storage.objects.find(nameQuery, access: .anonymous) }
            let secondRound = try await advisor.collect(now: now)
            let flagQuery = Fixture.request("Item", QueryParameters(whereQuery: Fixture.whereField("flag", .equalTo(true))))
            for _ in 0..<2 { _ = try await storage.objects.find(flagQuery, access: .anonymous) }
            let thirdRound = try await advisor.collect(now: now)
            let indexes = try await storage.indexes.indexes(applicationId: Fixture.applicationId, className: nil)
            let suggestions = IndexAdvisor.suggestions(
                records: try await storage.indexes.slowQueries(applicationId: Fixture.applicationId), indexes: indexes)

            #expect(firstRound.created.isEmpty && firstRound.dropped == 0)
            #expect(records.map(\.shape) == ["range(score:number) count"])
            #expect(records.first?.runs == 1 && records.first?.suggestion.map(\.description) == ["score:number"])
            #expect(Set(secondRound.created.map(\.index.fieldList)) == ["name:string", "score:number"])
            #expect(indexes.map(\.origin) == [.automatic, .automatic])
            // The class has its two automatic indexes: the flag shape stays a suggestion.
            #expect(thirdRound.created.isEmpty)
            #expect(suggestions.map { QueryShapeRecord.text(of: $0.fields) } == ["flag:boolean"])
        }
    }

    /// A slow dotted-path query is recorded with its path and suggests an index on it
    /// (docs/decisions/0105-indexes-on-paths-and-arrays.md); a path below a column never does.
    @Test(arguments: TestDatabase.engines)
    func aSlowDottedPathQuerySuggestsAnIndexOnThePath(_ engine: StorageEngine) async throws {
        let recorder = SlowQueryRecorder(threshold: .zero)
        try await StorageUnderTest.with(engine, slowQueries: recorder) { storage in
            try await storage.createAll(Array(IndexConformanceTests.items().prefix(5)))
            let advisor = IndexAdvisor(store: storage.indexes, recorder: recorder, automaticIndexing: nil)
            guard let score = FieldPath("stats.score"), let date = FieldPath("createDate.iso") else { return }
            let query = WhereQuery([.field(score, [.equalTo(3)]), .field(date, [.equalTo("x")])])

            _ = try await storage.objects.find(Fixture.request("Item", QueryParameters(whereQuery: query, includesCount: true)), access: .anonymous)
            _ = try await advisor.collect(now: Fixture.date())
            let records = try await storage.indexes.slowQueries(applicationId: Fixture.applicationId)
            let before = IndexAdvisor.suggestions(records: records, indexes: [])
            let build = try await storage.indexes.create(IndexConformanceTests.index(IndexConformanceTests.path("stats.score", .number)))
            let after = IndexAdvisor.suggestions(records: records, indexes: [build.index])

            #expect(records.map(\.shape) == ["eq(stats.score:number) count"])
            #expect(before.map { QueryShapeRecord.text(of: $0.fields) } == ["stats.score:number"])
            #expect(after.isEmpty)
        }
    }

    @Test func theRecorderKeepsABoundedNumberOfShapesAndCountsTheRest() {
        let recorder = SlowQueryRecorder(threshold: .milliseconds(10), maximumShapes: 2)
        for name in ["a", "b", "c", "a"] {
            recorder.observe(
                Fixture.request("Item", QueryParameters(whereQuery: Fixture.whereField(name, .equalTo(1)))), duration: .milliseconds(20),
                now: Fixture.date())
        }
        recorder.observe(
            Fixture.request("Item", QueryParameters(whereQuery: Fixture.whereField("d", .equalTo(1)))), duration: .milliseconds(5),
            now: Fixture.date())

        let (runs, dropped) = recorder.collect()

        #expect(runs.map(\.shape.key).sorted() == ["eq(a:number)", "eq(b:number)"])
        #expect(runs.first { $0.shape.key == "eq(a:number)" }?.runs == 2)
        #expect(dropped == 1)
        #expect(recorder.collect().runs.isEmpty)
    }
}
