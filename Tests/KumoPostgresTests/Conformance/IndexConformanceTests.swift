import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Indexes on user fields (docs/decisions/0074-indexes-on-user-fields.md): built, used by the planner (asserted on the
/// engine's own plan), removed, and never changing a result.
@Suite struct IndexConformanceTests {
    /// How many items the plan tests create: enough that PostgreSQL's planner prefers an index to a scan.
    static let itemCount = 1500

    /// Items with a number, a string, a Date, a Pointer and a bool, all distinct enough to be selective.
    static func items() -> [NewObject] {
        (0..<itemCount).map { index -> NewObject in
            let fields: JSONObject = [
                "score": .integer(Int64(index)), "name": .string("name-\(index)"),
                "releasedAt": Fixture.dateValue(Fixture.date(Int64(index)).formatted),
                "owner": Fixture.pointer("Owner", "owner\(index % 300)").json, "flag": .bool(index % 2 == 0),
                "stats": ["score": .integer(Int64(index)), "tags": [.string("t\(index % 500)")]],
            ]
            return Fixture.newObject("Item", "item\(index)", fields, seconds: Int64(index))
        }
    }

    static func index(_ fields: IndexedField...) -> ClassIndex {
        ClassIndex(applicationId: Fixture.applicationId, className: Fixture.className("Item"), fields: fields, createDate: Fixture.date())
    }

    static func field(_ name: String, _ kind: IndexValueKind) -> IndexedField { IndexedField(Fixture.field(name), kind) }

    /// An indexed dotted path (docs/decisions/0105-indexes-on-paths-and-arrays.md).
    static func path(_ text: String, _ kind: IndexValueKind) -> IndexedField {
        guard let path = FieldPath(text) else { preconditionFailure("Invalid fixture path \(text)") }
        return IndexedField(path, kind)
    }

    /// Whether a plan uses the index named `name` itself (not only its array companions `name_aN`).
    static func uses(_ plan: [String], _ name: String) -> Bool {
        plan.contains { line in
            line.ranges(of: name).contains { !line[$0.upperBound...].hasPrefix("_a") }
        }
    }

    /// Whether a plan uses an array companion of the index named `name`.
    static func usesCompanion(_ plan: [String], _ name: String) -> Bool {
        plan.contains { $0.contains(name + "_a") }
    }

    /// A query case per kind: the index, and a condition on its field that the index serves.
    static let kindCases: [(IndexedField, FieldCondition)] = [
        (field("score", .number), .equalTo(.integer(700))),
        (field("name", .string), .equalTo(.string("name-42"))),
        (field("releasedAt", .date), .equalTo(Fixture.dateValue(Fixture.date(1490).formatted))),
        (field("owner", .pointer), .equalTo(Fixture.pointer("Owner", "owner7").json)),
        (path("stats.score", .number), .equalTo(.integer(700))),
        (path("stats.score", .number), .lessThanOrEqualTo(.integer(9))),
        (path("stats.tags.0", .string), .equalTo(.string("t42"))),
    ]

    // MARK: Use

    @Test(arguments: TestDatabase.engines, 0..<IndexConformanceTests.kindCases.count)
    func theCountAndThePageOfAnIndexedConditionUseTheIndex(_ engine: StorageEngine, _ caseIndex: Int) async throws {
        let (indexed, condition) = IndexConformanceTests.kindCases[caseIndex]
        try await StorageUnderTest.with(engine) { storage in
            try await storage.bulkCreate(IndexConformanceTests.items())
            let request = Fixture.request(
                "Item", QueryParameters(whereQuery: WhereQuery([.field(indexed.field, [condition])]), limit: 20, includesCount: true))
            let before = try await storage.objects.find(request, access: .anonymous)
            let countPlanBefore = try await storage.indexes.queryPlan(request, access: .anonymous, count: true)

            let build = try await storage.indexes.create(IndexConformanceTests.index(indexed))
            let countPlan = try await storage.indexes.queryPlan(request, access: .anonymous, count: true)
            let pagePlan = try await storage.indexes.queryPlan(request, access: .anonymous, count: false)
            let after = try await storage.objects.find(request, access: .anonymous)

            #expect(build.objectCount == IndexConformanceTests.itemCount && !build.existed)
            #expect(!countPlanBefore.joined().contains(build.index.name))
            #expect(IndexConformanceTests.uses(countPlan, build.index.name), "\(countPlan)")
            // A range may match a third of the rows as far as the planner knows: both engines may read a page of it in
            // `createDate` order instead, which is as fast for a page; the count still needs the index.
            if case .lessThanOrEqualTo = condition {} else {
                #expect(IndexConformanceTests.uses(pagePlan, build.index.name), "\(pagePlan)")
            }
            // The array branch of the condition is served by the index's array companion, not by a scan.
            #expect(IndexConformanceTests.usesCompanion(countPlan, build.index.name), "\(countPlan)")
            #expect(after.objects.map(\.objectId) == before.objects.map(\.objectId))
            #expect(after.count == before.count && (before.count ?? 0) > 0)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aTwoFieldIndexServesEqualityThenRange(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.bulkCreate(IndexConformanceTests.items())
            let index = IndexConformanceTests.index(
                IndexConformanceTests.field("owner", .pointer), IndexConformanceTests.field("score", .number))
            _ = try await storage.indexes.create(index)
            let query = WhereQuery([
                .field(Fixture.field("owner"), [.equalTo(Fixture.pointer("Owner", "owner3").json)]),
                .field(Fixture.field("score"), [.greaterThanOrEqualTo(.integer(1000))]),
            ])
            let request = Fixture.request("Item", QueryParameters(whereQuery: query, includesCount: true))

            let plan = try await storage.indexes.queryPlan(request, access: .anonymous, count: true)
            let count = try await storage.objects.find(request, access: .anonymous).count

            #expect(plan.joined(separator: "\n").contains(index.name), "\(plan)")
            #expect(count == 1)  // owner3 holds items 3, 303, 603, 903 and 1203
        }
    }

    /// A Pointer index serves `owner.objectId` too (the same expression), with its second companion.
    @Test(arguments: TestDatabase.engines)
    func aPointerIndexServesItsObjectIdPath(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.bulkCreate(IndexConformanceTests.items())
            let build = try await storage.indexes.create(IndexConformanceTests.index(IndexConformanceTests.field("owner", .pointer)))
            guard let path = FieldPath("owner.objectId") else { return }
            let request = Fixture.request(
                "Item", QueryParameters(whereQuery: WhereQuery([.field(path, [.equalTo("owner7")])]), limit: 20, includesCount: true))

            let plan = try await storage.indexes.queryPlan(request, access: .anonymous, count: true)
            let found = try await storage.objects.find(request, access: .anonymous)

            #expect(IndexConformanceTests.uses(plan, build.index.name), "\(plan)")
            #expect(IndexConformanceTests.usesCompanion(plan, build.index.name), "\(plan)")
            #expect(found.count == 5)
        }
    }

    /// Objects whose indexed field holds an array (or an array on the path) are not in the index of values, yet an
    /// equality finds them through the companion: the index changes no result.
    @Test(arguments: TestDatabase.engines)
    func arraysOnAnIndexedPathAreFoundThroughTheCompanion(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.bulkCreate(IndexConformanceTests.items())
            try await storage.createAll([
                Fixture.newObject("Item", "scores", ["score": [700, 1], "stats": [["score": 700], ["score": 2]]]),
                Fixture.newObject("Item", "deep", ["stats": ["score": [3, 700]]]),
            ])
            let request = { (field: String) in
                Fixture.request(
                    "Item", QueryParameters(whereQuery: WhereQuery([.field(try FieldPath(validating: field), [.equalTo(700)])]), includesCount: true))
            }
            let before = try await [storage.objectIds(request("score")), storage.objectIds(request("stats.score"))]

            let score = try await storage.indexes.create(IndexConformanceTests.index(IndexConformanceTests.field("score", .number)))
            let stats = try await storage.indexes.create(IndexConformanceTests.index(IndexConformanceTests.path("stats.score", .number)))
            let after = try await [storage.objectIds(request("score")), storage.objectIds(request("stats.score"))]
            let plan = try await storage.indexes.queryPlan(request("stats.score"), access: .bypass, count: true)

            #expect(before == [["item700", "scores"], ["item700", "deep", "scores"]])
            #expect(after == before)
            #expect(IndexConformanceTests.uses(plan, stats.index.name) && IndexConformanceTests.usesCompanion(plan, stats.index.name), "\(plan)")
            #expect(score.index.name != stats.index.name)
        }
    }

    // MARK: Lifecycle

    @Test(arguments: TestDatabase.engines)
    func anIndexIsListedCreatedOnceAndRemoved(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(Array(IndexConformanceTests.items().prefix(10)))
            let index = IndexConformanceTests.index(IndexConformanceTests.field("score", .number))
            let request = Fixture.request("Item", QueryParameters(whereQuery: Fixture.whereField("score", .equalTo(.integer(3)))))

            let first = try await storage.indexes.create(index)
            let second = try await storage.indexes.create(index)
            let listed = try await storage.indexes.indexes(applicationId: Fixture.applicationId, className: nil)
            try await storage.indexes.remove(applicationId: Fixture.applicationId, className: index.className, fields: index.fields)
            let afterRemoval = try await storage.indexes.indexes(applicationId: Fixture.applicationId, className: index.className)
            let plan = try await storage.indexes.queryPlan(request, access: .bypass, count: false)

            #expect(!first.existed && second.existed)
            #expect(listed == [index])
            #expect(afterRemoval.isEmpty)
            #expect(!plan.joined().contains(index.name))
            let error = await #expect(throws: StorageError.self) {
                try await storage.indexes.remove(applicationId: Fixture.applicationId, className: index.className, fields: index.fields)
            }
            guard case .notFound? = error else { Issue.record("expected notFound, got \(String(describing: error))"); return }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func invalidFieldListsAreRefused(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let score = IndexConformanceTests.field("score", .number)
            let lists: [[IndexedField]] = [
                [], [score, score], [IndexedField(.createDate, .date)],
                (1...5).map { IndexConformanceTests.field("f\($0)", .number) },
            ]
            for fields in lists {
                await #expect(throws: StorageError.self) {
                    _ = try await storage.indexes.create(
                        ClassIndex(applicationId: Fixture.applicationId, className: Fixture.className("Item"), fields: fields, createDate: Fixture.date()))
                }
            }
            let indexes = try await storage.indexes.indexes(applicationId: Fixture.applicationId, className: nil)
            #expect(indexes.isEmpty)
        }
    }

    // MARK: Planning

    @Test(arguments: TestDatabase.engines)
    func planningInfersKindsFromTheDataAndExplainsRefusals(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll([
                Fixture.newObject("Item", "a", ["mixed": 1, "name": "x"]), Fixture.newObject("Item", "b", ["mixed": 2]),
                Fixture.newObject("Item", "c", ["mixed": "three"]),
            ])
            let itemClass = Fixture.className("Item")

            let plan = try await storage.indexes.plan(["mixed", "name", "when:date"], applicationId: Fixture.applicationId, className: itemClass)

            #expect(plan.fields.map(\.description) == ["mixed:number", "name:string", "when:date"])
            #expect(plan.notes.contains { $0.contains("also holds 1 string") })
            let paths = try await storage.indexes.plan(["hash.n:number", "ref.objectId:string"], applicationId: Fixture.applicationId, className: itemClass)
            #expect(paths.fields.map(\.description) == ["hash.n:number", "ref.objectId:string"])
            for refused in [["missing"], ["objectId"], ["name:color"], ["name", "name"], ["a b"], ["hash..n:number"], ["createDate.x:string"], ["hash.n"]] {
                await #expect(throws: IndexPlanningError.self) {
                    _ = try await storage.indexes.plan(refused, applicationId: Fixture.applicationId, className: itemClass)
                }
            }
        }
    }
}

extension StorageBackend {
    /// Creates many objects with up to 64 writes in flight.
    func bulkCreate(_ newObjects: [NewObject]) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (offset, object) in newObjects.enumerated() {
                if offset >= 64 { try await group.next() }
                group.addTask { _ = try await self.objects.create(object) }
            }
            try await group.waitForAll()
        }
    }
}
