import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Sorted pages on indexes (docs/decisions/0141-sorted-pages-on-indexes.md): a range or equality plus `order` on an
/// indexed field walks the index and stops after the page (asserted on the engine's own plan), and gives the very page
/// the plain statement gives, across value kinds, ties, both directions and `skip`, with and without indexes.
@Suite struct SortedPageConformanceTests {
    static let score = Fixture.field("score")

    /// Items whose `score` holds every kind: numbers with many ties (integers and reals), strings, Dates, arrays of
    /// numbers and of strings, booleans, objects, `null` or nothing; `createDate` ties in threes, so rows break ties.
    static func mixedItems() -> [NewObject] {
        (0..<240).map { index -> NewObject in
            let value: JSONValue? =
                switch index % 12 {
                case 0, 1, 2: .integer(Int64(index % 25))
                case 3: .double(Double(index % 25) + 0.5)
                case 4: .string("s\(index % 17)")
                case 5: Fixture.dateValue(Fixture.date(Int64(index % 13) * 86_400).formatted)
                case 6: [.integer(Int64(index % 25)), .integer(3)]
                case 7: [.string("s\(index % 17)")]
                case 8: .bool(index % 24 == 8)
                case 9: ["score": .integer(Int64(index % 25))]
                case 10: .null
                default: nil
                }
            let fields: JSONObject = value.map { ["score": $0] } ?? [:]
            return Fixture.newObject("Item", "item\(index)", fields, seconds: Int64(index / 3))
        }
    }

    /// The conditions whose sorted pages are compared: each kind, ranges, equalities and a bounded range.
    static let conditions: [[FieldCondition]] = [
        [.greaterThanOrEqualTo(.integer(10))],
        [.lessThan(.integer(7))],
        [.equalTo(.integer(12))],
        [.greaterThan(.integer(4)), .lessThanOrEqualTo(.double(20.5))],
        [.greaterThan(.string("s11"))],
        [.lessThanOrEqualTo(.string("s3"))],
        [.greaterThanOrEqualTo(Fixture.dateValue(Fixture.date(4 * 86_400).formatted))],
        [.equalTo(Fixture.dateValue(Fixture.date(2 * 86_400).formatted))],
    ]

    /// Every page (limit 13, skip 0, 7, 33, 90 and 150) of every condition in both directions, as object ids.
    static func pages(_ storage: any StorageBackend, reference: Bool) async throws -> [[String]] {
        try await pages(
            storage, queries: conditions.map { WhereQuery([.field(score, $0)]) }, limit: 13, skips: [0, 7, 33, 90, 150],
            reference: reference)
    }

    /// Every page of every query ordered by `score` in both directions, as object ids; with `reference`, through the
    /// plain statement (`-createDate` as a second key is the tie-break itself: the same order).
    static func pages(
        _ storage: any StorageBackend, queries: [WhereQuery], limit: Int, skips: [Int], reference: Bool
    ) async throws -> [[String]] {
        var pages: [[String]] = []
        for query in queries {
            for isDescending in [false, true] {
                var order = [SortKey(field: score, isDescending: isDescending)]
                if reference { order.append(SortKey(field: Fixture.field("createDate"), isDescending: true)) }
                for skip in skips {
                    let parameters = QueryParameters(whereQuery: query, order: order, limit: limit, skip: skip)
                    pages.append(try await storage.objectIds(Fixture.request("Item", parameters)))
                }
            }
        }
        return pages
    }

    @Test(arguments: TestDatabase.engines)
    func sortedPagesAreThePlainStatementsPagesWithAndWithoutIndexes(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(SortedPageConformanceTests.mixedItems())
            let reference = try await SortedPageConformanceTests.pages(storage, reference: true)
            let withoutIndexes = try await SortedPageConformanceTests.pages(storage, reference: false)
            for kind in [IndexValueKind.number, .string, .date] {
                _ = try await storage.indexes.create(IndexConformanceTests.index(IndexedField(SortedPageConformanceTests.score, kind)))
            }
            let withIndexes = try await SortedPageConformanceTests.pages(storage, reference: false)

            #expect(withoutIndexes == reference)
            #expect(withIndexes == reference)
            // Not vacuous: pages are full, and arrays, reals and ties are among them.
            #expect(reference.filter { $0.count == 13 }.count >= 20, "\(reference)")
            let seen = Set(reference.joined())
            #expect(seen.contains("item6") && seen.contains("item3") && seen.contains("item7"), "\(seen.sorted())")
        }
    }

    /// An anonymous client reads only what it may: the legs filter by ACL like the plain statement.
    @Test(arguments: TestDatabase.engines)
    func sortedPagesFilterByReadAccess(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            var items = SortedPageConformanceTests.mixedItems()
            for index in items.indices where index % 5 == 0 { items[index].acl = AccessControlList([:]) }
            try await storage.createAll(items)
            _ = try await storage.indexes.create(IndexConformanceTests.index(IndexedField(SortedPageConformanceTests.score, .number)))
            let condition = WhereQuery([.field(SortedPageConformanceTests.score, [.greaterThanOrEqualTo(.integer(3))])])
            let sorted = QueryParameters(whereQuery: condition, order: [SortKey(field: SortedPageConformanceTests.score)], limit: 500)
            let plain = QueryParameters(
                whereQuery: condition,
                order: [SortKey(field: SortedPageConformanceTests.score), SortKey(field: Fixture.field("createDate"), isDescending: true)],
                limit: 500)

            let found = try await storage.objectIds(Fixture.request("Item", sorted), access: .anonymous)
            let expected = try await storage.objectIds(Fixture.request("Item", plain), access: .anonymous)

            #expect(found == expected && !found.isEmpty)
            #expect(!found.contains { Int($0.dropFirst(4)).map { $0 % 5 == 0 } ?? true }, "\(found)")
        }
    }

    /// The advisor suggests the index a slow sorted page needs: the ordered range field last, not the first range field.
    @Test func theAdvisorSuggestsTheOrderedRangeField() throws {
        let query = WhereQuery([
            .field(Fixture.field("category"), [.greaterThan(.string("c"))]),
            .field(SortedPageConformanceTests.score, [.greaterThanOrEqualTo(.integer(500))]),
        ])
        let sorted = try #require(
            QueryShape(
                Fixture.request("Item", QueryParameters(whereQuery: query, order: [SortKey(field: SortedPageConformanceTests.score)]))))
        let unsorted = try #require(QueryShape(Fixture.request("Item", QueryParameters(whereQuery: query))))

        #expect(sorted.suggestedFields == [IndexedField(SortedPageConformanceTests.score, .number)])
        #expect(sorted.key == "range(category:string,score:number) order(score:number)")
        #expect(unsorted.suggestedFields == [IndexedField(Fixture.field("category"), .string)])
    }

    // MARK: Plans

    /// The page cases whose plans are asserted: ascending and descending, first page and a later one.
    static let planCases: [(isDescending: Bool, skip: Int)] = [(false, 0), (true, 0), (false, 200), (true, 200)]

    @Test(arguments: TestDatabase.engines, 0..<SortedPageConformanceTests.planCases.count)
    func aSortedPageWalksTheIndexAndStopsAfterThePage(_ engine: StorageEngine, _ caseIndex: Int) async throws {
        let (isDescending, skip) = SortedPageConformanceTests.planCases[caseIndex]
        try await StorageUnderTest.with(engine) { storage in
            try await storage.bulkCreate(IndexConformanceTests.items())
            let request = Fixture.request(
                "Item",
                QueryParameters(
                    whereQuery: WhereQuery([.field(SortedPageConformanceTests.score, [.greaterThanOrEqualTo(.integer(500))])]),
                    order: [SortKey(field: SortedPageConformanceTests.score, isDescending: isDescending)], limit: 20, skip: skip))
            let before = try await storage.objects.find(request, access: .anonymous)
            let planBefore = try await storage.indexes.queryPlan(request, access: .anonymous, count: false)

            let build = try await storage.indexes.create(
                IndexConformanceTests.index(IndexedField(SortedPageConformanceTests.score, .number)))
            let plan = try await storage.indexes.queryPlan(request, access: .anonymous, count: false)
            let after = try await storage.objects.find(request, access: .anonymous)

            let walked = isDescending ? build.index.name + "_d" : build.index.name
            #expect(!SortedPageConformanceTests.walks(planBefore, walked, engine: engine), "\(planBefore)")
            #expect(SortedPageConformanceTests.walks(plan, walked, engine: engine), "\(plan)")
            // The legs carry keys only (decision 0163): SQLite's scalar leg reads the index alone, no object.
            if engine == .sqlite {
                #expect(plan.contains { $0.contains("SEARCH o USING COVERING INDEX \(walked) ") }, "\(plan)")
            }
            let first = isDescending ? 1499 - skip : 500 + skip
            let expected = (0..<20).map { "item\(isDescending ? first - $0 : first + $0)" }
            #expect(after.objects.map(\.objectId) == expected && before.objects.map(\.objectId) == expected)
        }
    }

    /// Whether `plan` walks index `name` in order with nothing sorted before the limit: SQLite searches the index with
    /// no temporary B-tree in the scalar leg (the lines up to the array leg); PostgreSQL scans the index under a `Limit`
    /// with no `Sort` between them.
    static func walks(_ plan: [String], _ name: String, engine: StorageEngine) -> Bool {
        guard let walk = plan.firstIndex(where: { $0.contains(" \(name) ") || $0.hasSuffix(" \(name)") }) else { return false }
        if engine == .sqlite {
            let leg = plan[walk...].prefix { !$0.contains(name + "_a") && !$0.contains("UNION ALL") }
            return !leg.contains { $0.contains("TEMP B-TREE") } && plan[walk].contains("SEARCH")
        }
        let depth = indentation(plan[walk])
        var nodes: [String] = []
        var level = depth
        for line in plan[..<walk].reversed() where indentation(line) < level && line.contains("->") || indentation(line) == 0 {
            nodes.append(line)
            level = indentation(line)
            if line.contains("Append") || level == 0 { break }
        }
        let path = nodes.prefix { !$0.contains("Append") }
        return plan[walk].contains("Index") && path.contains { $0.contains("Limit") } && !path.contains { $0.contains("Sort") }
    }

    private static func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }
}
