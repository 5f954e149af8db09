import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

private let score = Fixture.field("score")
private let category = Fixture.field("category")
private let flag = Fixture.field("flag")

/// Counts by legs (docs/decisions/0175-counts-by-legs.md): a count whose `where` pins fields to one kind of scalar is
/// the count of the objects holding scalars there plus the count of those holding arrays; it equals the number of
/// objects the plain statement finds, for every reader, across value kinds, arrays, missing fields and ACLs, with and
/// without indexes, and a stranger never counts what it cannot read.
@Suite struct CountByLegsConformanceTests {

    /// ``SortedPageEqualityConformanceTests/items()`` (every kind of `score`, arrays in `score` and `category`, missing
    /// fields, booleans) with ACLs in turn: public, nobody, the user `owner` alone, the role `Staff` (which `staffer`
    /// holds) and public read with `owner` writing.
    static func items() -> [NewObject] {
        SortedPageEqualityConformanceTests.items().enumerated().map { index, item in
            var item = item
            item.acl =
                switch index % 5 {
                case 0: .publicReadWrite
                case 1: AccessControlList()
                case 2: AccessControlList(["owner": .init(read: true, write: true)])
                case 3: AccessControlList(["role:Staff": .init(read: true)])
                default: AccessControlList(["*": .init(read: true), "owner": .init(read: true, write: true)])
                }
            return item
        }
    }

    /// The counted `where`s: every kind pinned on `score` (ranges, equalities, a bounded range, a Date), equalities on a
    /// string, a number and a boolean, two pinned fields, and pinned fields under further conditions (`$ne`, `$in`, an
    /// `$or` on the same field, `$exists`).
    static let queries: [WhereQuery] = [
        WhereQuery([.field(score, [.greaterThanOrEqualTo(.integer(10))])]),
        WhereQuery([.field(score, [.lessThan(.integer(7))])]),
        WhereQuery([.field(score, [.equalTo(.integer(3))])]),
        WhereQuery([.field(score, [.greaterThan(.integer(4)), .lessThanOrEqualTo(.double(20.5))])]),
        WhereQuery([.field(score, [.lessThan(.string("s9"))])]),
        WhereQuery([.field(score, [.greaterThanOrEqualTo(Fixture.dateValue(Fixture.date(4 * 86_400).formatted))])]),
        WhereQuery([.field(category, [.equalTo(.string("c0"))])]),
        WhereQuery([.field(category, [.equalTo(.integer(0))])]),
        WhereQuery([.field(flag, [.equalTo(.bool(true))])]),
        WhereQuery([.field(category, [.equalTo(.string("c0"))]), .field(score, [.greaterThanOrEqualTo(.integer(10))])]),
        WhereQuery([.field(score, [.greaterThanOrEqualTo(.integer(2)), .notEqualTo(.integer(3))])]),
        WhereQuery([.field(score, [.greaterThan(.integer(1)), .containedIn([.integer(3), .integer(12), .integer(24)])])]),
        WhereQuery([
            .field(score, [.greaterThanOrEqualTo(.integer(1))]),
            .or([WhereQuery([.field(score, [.lessThan(.integer(5))])]), WhereQuery([.field(category, [.equalTo(.string("c1"))])])]),
        ]),
        WhereQuery([.field(category, [.equalTo(.string("c2")), .exists(true)]), .field(flag, [.exists(false)])]),
    ]

    /// The readers whose counts are compared: anonymous, the user `owner`, `staffer` (role `Staff`), a stranger and the
    /// master key.
    static let readers: [AccessContext] = [
        .anonymous, .user(objectId: "owner"), .user(objectId: "staffer"), .user(objectId: "outsider"), .bypass,
    ]

    /// For every reader and query: the count and the number of objects the page finds (limit 1000: all of them).
    static func counts(_ storage: any StorageBackend) async throws -> [(count: Int?, found: Int)] {
        var counts: [(count: Int?, found: Int)] = []
        for reader in readers {
            for query in queries {
                let request = Fixture.request("Item", QueryParameters(whereQuery: query, limit: 1000, includesCount: true))
                let result = try await storage.objects.find(request, access: reader)
                counts.append((result.count, result.objects.count))
            }
        }
        return counts
    }

    @Test(arguments: TestDatabase.engines)
    func countsByLegsAreThePlainStatementsMatchesForEveryReader(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await AccessConformanceTests.makeFixtures(storage)
            try await storage.createAll(CountByLegsConformanceTests.items())
            let withoutIndexes = try await CountByLegsConformanceTests.counts(storage)
            for kind in [IndexValueKind.number, .string, .date] {
                _ = try await storage.indexes.create(IndexConformanceTests.index(IndexedField(score, kind)))
            }
            _ = try await storage.indexes.create(IndexConformanceTests.index(IndexedField(category, .string), IndexedField(score, .number)))
            _ = try await storage.indexes.create(IndexConformanceTests.index(IndexedField(category, .number)))
            _ = try await storage.indexes.create(IndexConformanceTests.index(IndexedField(flag, .boolean)))
            let withIndexes = try await CountByLegsConformanceTests.counts(storage)

            for counts in [withoutIndexes, withIndexes] {
                #expect(counts.allSatisfy { $0.count == $0.found }, "\(counts)")
            }
            #expect(withIndexes.map(\.found) == withoutIndexes.map(\.found))
            // Not vacuous: every query counts something for the master key, and readers see different numbers.
            let bypass = withIndexes.suffix(CountByLegsConformanceTests.queries.count)
            #expect(bypass.allSatisfy { $0.found > 0 }, "\(bypass)")
            #expect(Set(withIndexes.map(\.found)).count > 10, "\(withIndexes)")
        }
    }

    /// Objects holding an array in a pinned field are counted once, through the array leg: `score >= 24` matches only
    /// arrays' elements beside the numbers 24, and `category = c0` matches arrays holding `c0`.
    @Test(arguments: TestDatabase.engines)
    func arraysAreCountedOnce(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll([
                Fixture.newObject("Item", "scalar", ["score": .integer(24), "category": "c0"]),
                Fixture.newObject("Item", "array", ["score": [.integer(24), .integer(30)], "category": ["c0", "c1"]]),
                Fixture.newObject("Item", "both", ["score": [.integer(1), .integer(25)], "category": ["c0", "c0"]]),
                Fixture.newObject("Item", "string", ["score": "30", "category": "c1"]),
                Fixture.newObject("Item", "missing", [:]),
            ])
            _ = try await storage.indexes.create(IndexConformanceTests.index(IndexedField(category, .string), IndexedField(score, .number)))
            func count(_ query: WhereQuery) async throws -> Int? {
                try await storage.objects.find(
                    Fixture.request("Item", QueryParameters(whereQuery: query, includesCount: true)), access: .bypass
                ).count
            }

            #expect(try await count(WhereQuery([.field(score, [.greaterThanOrEqualTo(.integer(24))])])) == 3)
            #expect(try await count(WhereQuery([.field(category, [.equalTo(.string("c0"))])])) == 3)
            #expect(
                try await count(
                    WhereQuery([.field(category, [.equalTo(.string("c0"))]), .field(score, [.greaterThan(.integer(24))])])) == 2)
        }
    }

    /// A stranger counts only what it may read: rows readable by nobody, by another user or by a role it does not hold
    /// are not counted, whichever leg they fall in.
    @Test(arguments: TestDatabase.engines)
    func aStrangerCountsOnlyReadableRows(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await AccessConformanceTests.makeFixtures(storage)
            let hidden: [AccessControlList] = [
                AccessControlList(), AccessControlList(["owner": .init(read: true)]), AccessControlList(["role:Staff": .init(read: true)]),
                AccessControlList(["*": .init(write: true)]),
            ]
            var objects: [NewObject] = []
            for (index, acl) in hidden.enumerated() {
                objects.append(Fixture.newObject("Item", "scalar\(index)", ["score": .integer(50)], acl: acl))
                objects.append(Fixture.newObject("Item", "array\(index)", ["score": [.integer(50)]], acl: acl))
            }
            objects.append(Fixture.newObject("Item", "open", ["score": .integer(50)]))
            try await storage.createAll(objects)
            _ = try await storage.indexes.create(IndexConformanceTests.index(IndexedField(score, .number)))
            let request = Fixture.request(
                "Item", QueryParameters(whereQuery: WhereQuery([.field(score, [.greaterThanOrEqualTo(.integer(10))])]), includesCount: true)
            )

            #expect(try await storage.objects.find(request, access: .anonymous).count == 1)
            #expect(try await storage.objects.find(request, access: .user(objectId: "outsider")).count == 1)
            #expect(try await storage.objects.find(request, access: .user(objectId: "owner")).count == 3)
            #expect(try await storage.objects.find(request, access: .user(objectId: "staffer")).count == 3)
            #expect(try await storage.objects.find(request, access: .bypass).count == 9)
        }
    }

    /// The scalar leg of an anonymous count reads the index alone on SQLite (the index holds the class, the value and
    /// `public_read`): no row is read, no union of row ids is built; the array leg uses the array companion.
    @Test(arguments: TestDatabase.engines)
    func anAnonymousCountReadsTheIndexAlone(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.bulkCreate(SortedPageEqualityConformanceTests.planItems())
            let request = Fixture.request(
                "Item",
                QueryParameters(
                    whereQuery: WhereQuery([.field(score, [.greaterThanOrEqualTo(.integer(300))])]), limit: 20, includesCount: true))
            let before = try await storage.objects.find(request, access: .anonymous).count
            let build = try await storage.indexes.create(IndexConformanceTests.index(IndexedField(score, .number)))
            let plan = try await storage.indexes.queryPlan(request, access: .anonymous, count: true)
            let after = try await storage.objects.find(request, access: .anonymous).count

            #expect(IndexConformanceTests.uses(plan, build.index.name), "\(plan)")
            #expect(IndexConformanceTests.usesCompanion(plan, build.index.name), "\(plan)")
            if engine == .sqlite {
                #expect(plan.contains { $0.contains("USING COVERING INDEX \(build.index.name)") }, "\(plan)")
                #expect(!plan.contains { $0.contains("MULTI-INDEX OR") }, "\(plan)")
            } else {
                #expect(!plan.contains { $0.contains("BitmapOr") }, "\(plan)")
            }
            #expect(before == IndexConformanceTests.itemCount - 300 && after == before)
        }
    }
}
