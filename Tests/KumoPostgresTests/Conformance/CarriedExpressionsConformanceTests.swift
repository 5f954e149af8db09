import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

private let score = Fixture.field("score")
private let category = Fixture.field("category")

/// Deep pages from the index (docs/decisions/0176-deep-pages-from-the-index.md): an index whose last field is orderable
/// carries that field's value expressions of the other kinds, so the leg of the index's own kind (number or string) of a
/// sorted page without a comparison on the ordered field reads the index alone on SQLite, and the page is the plain
/// statement's for every kind.
@Suite struct CarriedExpressionsConformanceTests {
    /// Items in three categories whose `score` holds `kind`, distinct per item; every tenth holds another kind.
    static func items(_ kind: IndexValueKind) -> [NewObject] {
        (0..<IndexConformanceTests.itemCount).map { index -> NewObject in
            let value: JSONValue
            if index % 10 == 0 {
                value = kind == .number ? .string("s\(index)") : .integer(Int64(index))
            } else if kind == .number {
                value = .integer(Int64(index))
            } else if kind == .string {
                value = .string("s\(index + 10_000)")
            } else {
                value = Fixture.dateValue(Fixture.date(Int64(index) * 60).formatted)
            }
            return Fixture.newObject("Item", "item\(index)", ["category": .string("c\(index % 3)"), "score": value], seconds: Int64(index))
        }
    }

    @Test(arguments: TestDatabase.engines, [IndexValueKind.number, .string, .date])
    func theLegOfTheIndexKindReadsTheIndexAlone(_ engine: StorageEngine, _ kind: IndexValueKind) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.bulkCreate(CarriedExpressionsConformanceTests.items(kind))
            let condition = WhereQuery([.field(category, [.equalTo(.string("c1"))])])
            let request = Fixture.request(
                "Item", QueryParameters(whereQuery: condition, order: [SortKey(field: score, isDescending: true)], limit: 20, skip: 200))
            let reference = Fixture.request(
                "Item",
                QueryParameters(
                    whereQuery: condition,
                    order: [SortKey(field: score, isDescending: true), SortKey(field: Fixture.field("createDate"), isDescending: true)],
                    limit: 20, skip: 200))
            let build = try await storage.indexes.create(
                IndexConformanceTests.index(IndexedField(category, .string), IndexedField(score, kind)))
            let plan = try await storage.indexes.queryPlan(request, access: .anonymous, count: false)
            let found = try await storage.objectIds(request, access: .anonymous)
            let expected = try await storage.objectIds(reference, access: .anonymous)

            #expect(found == expected && found.count == 20)
            // The leg of the index's kind searches the equality alone (the other legs also search their kind's
            // `IS NULL`), reads the index alone and sorts nothing. A Date leg still tests that `iso` is a string on the
            // row (decision 0176).
            if engine == .sqlite, kind != .date {
                let walk = try #require(
                    plan.firstIndex { $0.hasPrefix("SEARCH o USING COVERING INDEX \(build.index.name)_d (class_id=? AND <expr>=?)") },
                    "\(plan)")
                let leg = plan[walk...].prefix { !$0.contains("UNION ALL") }
                #expect(!leg.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
            }
        }
    }
}
