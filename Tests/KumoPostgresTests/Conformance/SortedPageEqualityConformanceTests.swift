import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

private let score = Fixture.field("score")
private let category = Fixture.field("category")
private let flag = Fixture.field("flag")

/// Sorted pages after equalities (docs/decisions/0168-sorted-pages-after-equalities.md): "equality on A, order by B"
/// walks an index `(A, B)` and stops after the page (asserted on the engine's own plan), and gives the very page the
/// plain statement gives, across value kinds of both fields, missing fields, arrays, ties, both directions and deep
/// `skip`, with and without indexes.
@Suite struct SortedPageEqualityConformanceTests {

    /// Items whose `score` holds every kind (``SortedPageConformanceTests/mixedItems()``) and whose `category` is mostly
    /// `c0`, `c1` or `c2`, sometimes an array holding `c0`, a number, or missing; `flag` alternates or is missing.
    static func items() -> [NewObject] {
        SortedPageConformanceTests.mixedItems().enumerated().map { index, item in
            var operations = item.operations
            let held: JSONValue? =
                switch index % 11 {
                case 0: [.string("c2"), .string("c0")]
                case 1: .integer(0)
                case 2: nil
                default: .string("c\(index % 3 == 1 ? 1 : 0)")
                }
            if let held { operations.append((category, .set(held))) }
            if index % 7 != 0 { operations.append((flag, .set(.bool(index % 2 == 0)))) }
            return NewObject(key: item.key, createDate: item.createDate, operations: operations, acl: item.acl)
        }
    }

    /// The `where`s whose pages are compared: an equality alone (the kind of `score` not pinned), with a range of each
    /// kind on `score`, two equalities, an equality on a number and an equality that an array also matches.
    static let queries: [WhereQuery] = [
        WhereQuery([.field(category, [.equalTo(.string("c0"))])]),
        WhereQuery([.field(category, [.equalTo(.string("c0"))]), .field(score, [.greaterThanOrEqualTo(.integer(10))])]),
        WhereQuery([.field(category, [.equalTo(.string("c0"))]), .field(score, [.lessThan(.string("s9"))])]),
        WhereQuery([
            .field(category, [.equalTo(.string("c0"))]),
            .field(score, [.greaterThanOrEqualTo(Fixture.dateValue(Fixture.date(3 * 86_400).formatted))]),
        ]),
        WhereQuery([.field(category, [.equalTo(.string("c0"))]), .field(flag, [.equalTo(.bool(true))])]),
        WhereQuery([.field(category, [.equalTo(.integer(0))])]),
        WhereQuery([.field(category, [.equalTo(.string("c2"))]), .field(score, [.lessThan(.integer(20))])]),
    ]

    /// Every page (limit 11, skip 0, 5, 40 and 120) of every query in both directions, as object ids.
    static func pages(_ storage: any StorageBackend, reference: Bool) async throws -> [[String]] {
        try await SortedPageConformanceTests.pages(storage, queries: queries, limit: 11, skips: [0, 5, 40, 120], reference: reference)
    }

    @Test(arguments: TestDatabase.engines)
    func sortedPagesAfterEqualitiesAreThePlainStatementsPages(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(SortedPageEqualityConformanceTests.items())
            let reference = try await SortedPageEqualityConformanceTests.pages(storage, reference: true)
            let withoutIndexes = try await SortedPageEqualityConformanceTests.pages(storage, reference: false)
            for kind in [IndexValueKind.number, .string, .date] {
                _ = try await storage.indexes.create(
                    IndexConformanceTests.index(IndexedField(category, .string), IndexedField(score, kind)))
            }
            _ = try await storage.indexes.create(
                IndexConformanceTests.index(IndexedField(category, .string), IndexedField(flag, .boolean), IndexedField(score, .number)))
            _ = try await storage.indexes.create(IndexConformanceTests.index(IndexedField(category, .number), IndexedField(score, .number)))
            let withIndexes = try await SortedPageEqualityConformanceTests.pages(storage, reference: false)

            #expect(withoutIndexes == reference)
            #expect(withIndexes == reference)
            // Not vacuous: pages are full, deep pages are not empty, and arrays in either field, missing scores, reals,
            // strings, Dates and booleans are among them.
            #expect(reference.filter { $0.count == 11 }.count >= 20, "\(reference)")
            #expect(reference.enumerated().contains { $0.offset % 4 == 3 && !$0.element.isEmpty }, "\(reference)")
            let seen = Set(reference.joined().compactMap { Int($0.dropFirst(4)) })
            // Every kind of score (the residues modulo 12), a category array (0 modulo 11) and a number category (1).
            #expect(Set(seen.map { $0 % 12 }) == Set(0..<12), "\(seen.sorted())")
            #expect(seen.contains { $0 % 11 == 0 } && seen.contains { $0 % 11 == 1 }, "\(seen.sorted())")
        }
    }

    /// An anonymous client reads only what it may: every leg filters by ACL like the plain statement.
    @Test(arguments: TestDatabase.engines)
    func sortedPagesAfterEqualitiesFilterByReadAccess(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            var items = SortedPageEqualityConformanceTests.items()
            for index in items.indices where index % 5 == 0 { items[index].acl = AccessControlList([:]) }
            try await storage.createAll(items)
            _ = try await storage.indexes.create(IndexConformanceTests.index(IndexedField(category, .string), IndexedField(score, .number)))
            let condition = WhereQuery([.field(category, [.equalTo(.string("c0"))])])
            let sorted = QueryParameters(whereQuery: condition, order: [SortKey(field: score, isDescending: true)], limit: 500)
            let plain = QueryParameters(
                whereQuery: condition,
                order: [SortKey(field: score, isDescending: true), SortKey(field: Fixture.field("createDate"), isDescending: true)],
                limit: 500)

            let found = try await storage.objectIds(Fixture.request("Item", sorted), access: .anonymous)
            let expected = try await storage.objectIds(Fixture.request("Item", plain), access: .anonymous)

            #expect(found == expected && !found.isEmpty)
            #expect(!found.contains { Int($0.dropFirst(4)).map { $0 % 5 == 0 } ?? true }, "\(found)")
        }
    }

    /// The advisor suggests the equality fields first, then the ordered field: from a range on it, or — when the
    /// `where` does not compare it — with the kind most objects hold in it, read from the data.
    @Test(arguments: TestDatabase.engines)
    func theAdvisorSuggestsTheEqualityThenTheOrderedField(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(SortedPageEqualityConformanceTests.items())
            let ranged = WhereQuery([.field(category, [.equalTo(.string("c0"))]), .field(score, [.greaterThan(.integer(3))])])
            let equality = WhereQuery([.field(category, [.equalTo(.string("c0"))])])
            let order = [SortKey(field: score, isDescending: true)]
            let rangedShape = try #require(QueryShape(Fixture.request("Item", QueryParameters(whereQuery: ranged, order: order))))
            let equalityShape = try #require(QueryShape(Fixture.request("Item", QueryParameters(whereQuery: equality, order: order))))
            #expect(rangedShape.suggestedFields == [IndexedField(category, .string), IndexedField(score, .number)])
            #expect(equalityShape.suggestedFields == [IndexedField(category, .string)])
            #expect(equalityShape.unkindedOrderField == FieldPath(score))

            let recorder = SlowQueryRecorder(threshold: .zero)
            recorder.observe(
                Fixture.request("Item", QueryParameters(whereQuery: equality, order: order)), duration: .seconds(1), now: Fixture.date())
            let advisor = IndexAdvisor(store: storage.indexes, recorder: recorder, automaticIndexing: nil)
            _ = try await advisor.collect(now: Fixture.date())
            let records = try await storage.indexes.slowQueries(applicationId: Fixture.applicationId)
            let suggestions = IndexAdvisor.suggestions(records: records, indexes: [])

            #expect(records.map(\.shape) == ["eq(category:string) order(score:number)"])
            #expect(suggestions.map { QueryShapeRecord.text(of: $0.fields) } == ["category:string,score:number"])
        }
    }

    // MARK: Plans

    /// Items in three categories, each with distinct scores, enough that PostgreSQL's planner prefers an index.
    static func planItems() -> [NewObject] {
        (0..<IndexConformanceTests.itemCount).map { index -> NewObject in
            Fixture.newObject(
                "Item", "item\(index)", ["category": .string("c\(index % 3)"), "score": .integer(Int64(index))], seconds: Int64(index))
        }
    }

    /// The page cases whose plans are asserted: with and without a range on `score`, both directions, a later page.
    static let planCases: [(ranged: Bool, isDescending: Bool, skip: Int)] = [
        (true, false, 0), (true, true, 0), (false, false, 0), (false, true, 0), (false, true, 200), (true, false, 200),
    ]

    @Test(arguments: TestDatabase.engines, 0..<SortedPageEqualityConformanceTests.planCases.count)
    func aSortedPageAfterAnEqualityWalksTheIndexAndStopsAfterThePage(_ engine: StorageEngine, _ caseIndex: Int) async throws {
        let (ranged, isDescending, skip) = SortedPageEqualityConformanceTests.planCases[caseIndex]
        try await StorageUnderTest.with(engine) { storage in
            try await storage.bulkCreate(SortedPageEqualityConformanceTests.planItems())
            var clauses: [WhereClause] = [.field(category, [.equalTo(.string("c1"))])]
            if ranged { clauses.append(.field(score, [.greaterThanOrEqualTo(.integer(300))])) }
            let request = Fixture.request(
                "Item",
                QueryParameters(
                    whereQuery: WhereQuery(clauses), order: [SortKey(field: score, isDescending: isDescending)], limit: 20, skip: skip))
            let before = try await storage.objects.find(request, access: .anonymous)
            let planBefore = try await storage.indexes.queryPlan(request, access: .anonymous, count: false)

            let build = try await storage.indexes.create(
                IndexConformanceTests.index(IndexedField(category, .string), IndexedField(score, .number)))
            let plan = try await storage.indexes.queryPlan(request, access: .anonymous, count: false)
            let after = try await storage.objects.find(request, access: .anonymous)

            let walked = isDescending ? build.index.name + "_d" : build.index.name
            #expect(!SortedPageConformanceTests.walks(planBefore, walked, engine: engine), "\(planBefore)")
            #expect(SortedPageConformanceTests.walks(plan, walked, engine: engine), "\(plan)")
            // With a range the scalar leg reads the index alone on SQLite (decision 0163).
            if engine == .sqlite, ranged {
                #expect(plan.contains { $0.contains("SEARCH o USING COVERING INDEX \(walked) ") }, "\(plan)")
            }
            let matching = (0..<IndexConformanceTests.itemCount).filter { $0 % 3 == 1 && (!ranged || $0 >= 300) }
            let ordered = isDescending ? matching.reversed() : matching
            let expected = ordered.dropFirst(skip).prefix(20).map { "item\($0)" }
            #expect(after.objects.map(\.objectId) == expected && before.objects.map(\.objectId) == expected)
        }
    }
}
