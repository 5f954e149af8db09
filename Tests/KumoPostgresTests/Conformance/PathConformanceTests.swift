import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// MongoDB's array semantics and dotted paths (docs/decisions/0016-type-aware-equality.md,
/// docs/decisions/0104-dotted-paths.md) on both engines: arrays that contain the value, keys inside objects, deeper
/// levels, array positions, objects in arrays, Pointers' keys, and paths that meet a missing key, a `null`, a scalar
/// instead of an object, an array of objects or an object with digit keys. ``WhereMatcherConformanceTests`` proves the
/// in-memory matcher equal on the same corpus.
@Suite struct PathConformanceTests {
    /// Documents whose `tags`, `hash`, `ref`, `scores` and `items` take every shape a path can meet.
    static let documents: [NewObject] = [
        Fixture.newObject(
            "Doc", "doc01",
            [
                "tags": ["t1", "t2"], "hash": ["a": "b", "c": "d", "n": 5, "arr": [1, 2, 3], "inner": ["x": 1]],
                "ref": Fixture.pointer("Other", "o1").json, "scores": [1, 5, 10],
                "items": [["name": "x", "qty": 1], ["name": "y", "qty": 3]],
            ], seconds: 1),
        Fixture.newObject(
            "Doc", "doc02",
            [
                "tags": "t2", "hash": ["a": "z", "n": 7, "arr": [4]], "ref": Fixture.pointer("Other", "o2").json, "scores": 5,
                "items": ["name": "x", "qty": 2],
            ], seconds: 2),
        Fixture.newObject(
            "Doc", "doc03", ["tags": [], "hash": nil, "ref": Fixture.pointer("user", "o1").json, "scores": [[1, 5]], "items": []],
            seconds: 3),
        Fixture.newObject("Doc", "doc04", ["tags": [nil, "t3"], "hash": "scalar", "items": [1, "x", ["name": "z"]]], seconds: 4),
        Fixture.newObject("Doc", "doc05", ["hash": [["a": "b", "n": 5], ["a": "q"]], "items": [[["name": "x"]]]], seconds: 5),
        Fixture.newObject("Doc", "doc06", ["hash": ["0": "zero", "arr": ["0": 9]]], seconds: 6),
        Fixture.newObject("Doc", "doc07", [:], seconds: 7),
        Fixture.newObject(
            "Doc", "doc08", ["hash": ["a": ["b", "c"], "n": "5", "d": Fixture.dateValue("2016-01-01T00:00:00.000Z")]], seconds: 8),
    ]

    /// Every objectId of ``documents`` except those given.
    static func allBut(_ excluded: String...) -> [String] {
        documents.map(\.key.objectId).filter { !excluded.contains($0) }
    }

    /// A `where` of one path's conditions.
    static func path(_ text: String, _ conditions: FieldCondition...) -> WhereQuery {
        guard let path = FieldPath(text) else { preconditionFailure("Invalid fixture path \(text)") }
        return WhereQuery([.field(path, conditions)])
    }

    static let cases: [QueryCase] = [
        // Arrays, as MongoDB matched them.
        QueryCase("equality matches an array that contains the value", path("tags", .equalTo("t2")), ["doc01", "doc02"]),
        QueryCase("a whole array still equals that exact array", path("tags", .equalTo(["t1", "t2"])), ["doc01"]),
        QueryCase("array equality keeps the order", path("tags", .equalTo(["t2", "t1"])), []),
        QueryCase("an array operand equals an array element", path("scores", .equalTo([1, 5])), ["doc03"]),
        QueryCase("not equal matches arrays without the value", path("tags", .notEqualTo("t2")), allBut("doc01", "doc02")),
        QueryCase("in matches any element", path("tags", .containedIn(["t3", "zz"])), ["doc04"]),
        QueryCase("not in matches when no element is listed", path("tags", .notContainedIn(["t1", "t3"])), allBut("doc01", "doc04")),
        QueryCase("greater than compares elements", path("scores", .greaterThan(7)), ["doc01"]),
        QueryCase("less than or equal compares elements, not nested arrays", path("scores", .lessThanOrEqualTo(1)), ["doc01"]),
        QueryCase("a range holds on one element or across elements", path("scores", .greaterThan(4), .lessThan(6)), ["doc01", "doc02"]),
        QueryCase("null equality matches an array holding null", path("tags", .equalTo(nil)), ["doc04", "doc05", "doc06", "doc07", "doc08"]),
        QueryCase("regex matches string elements", path("tags", .regex("^t[13]")), ["doc01", "doc04"]),
        QueryCase("inArray is unchanged", path("tags", .inArray(["t2"])), ["doc01"]),
        QueryCase("all is unchanged", path("tags", .containsAll(["t1", "t2"])), ["doc01"]),
        QueryCase("all of nothing matches every array", path("tags", .containsAll([])), ["doc01", "doc03", "doc04"]),
        QueryCase("ninArray is unchanged", path("tags", .notInArray(["t2"])), allBut("doc01")),
        // Keys inside objects, deeper levels, positions.
        QueryCase(
            "a key inside an object, of an array of objects, or holding an array", path("hash.a", .equalTo("b")),
            ["doc01", "doc05", "doc08"]),
        QueryCase(
            "not equal on a path matches missing, null and scalar parents", path("hash.a", .notEqualTo("b")),
            ["doc02", "doc03", "doc04", "doc06", "doc07"]),
        QueryCase("in on a path", path("hash.a", .containedIn(["c"])), ["doc08"]),
        QueryCase("not in on a path", path("hash.a", .notContainedIn(["b"])), ["doc02", "doc03", "doc04", "doc06", "doc07"]),
        QueryCase("greater than on a path", path("hash.n", .greaterThan(5)), ["doc02"]),
        QueryCase("greater than or equal reaches into an array of objects", path("hash.n", .greaterThanOrEqualTo(5)), ["doc01", "doc02", "doc05"]),
        QueryCase("string equality on a path compares type", path("hash.n", .equalTo("5")), ["doc08"]),
        QueryCase("null on a path matches where nothing is reached", path("hash.a", .equalTo(nil)), ["doc03", "doc04", "doc06", "doc07"]),
        QueryCase("exists on a path", path("hash.a", .exists(true)), ["doc01", "doc02", "doc05", "doc08"]),
        QueryCase("not exists on a path", path("hash.a", .exists(false)), ["doc03", "doc04", "doc06", "doc07"]),
        QueryCase("a deeper level", path("hash.inner.x", .equalTo(1)), ["doc01"]),
        QueryCase("a Date on a path", path("hash.d", .greaterThan(Fixture.dateValue("2015-01-01T00:00:00.000Z"))), ["doc08"]),
        QueryCase("regex on a path", path("hash.c", .regex("^d")), ["doc01"]),
        QueryCase("an array element by position", path("hash.arr.0", .equalTo(1)), ["doc01"]),
        QueryCase("a position reads an object's key of those digits", path("hash.arr.0", .equalTo(9)), ["doc06"]),
        QueryCase("a later position", path("hash.arr.2", .greaterThanOrEqualTo(3)), ["doc01"]),
        QueryCase("a position at the top", path("hash.0", .equalTo("zero")), ["doc06"]),
        QueryCase("a key below a position", path("hash.0.a", .equalTo("b")), ["doc05"]),
        QueryCase("a key below a later position", path("hash.1.a", .equalTo("q")), ["doc05"]),
        QueryCase("a path ending at an array matches its elements", path("hash.arr", .equalTo(4)), ["doc02"]),
        QueryCase("inArray on a path", path("hash.arr", .inArray([4])), ["doc02"]),
        QueryCase("inArray on a path holding an array", path("hash.a", .inArray(["c"])), ["doc08"]),
        // Pointers and objects in arrays.
        QueryCase("a Pointer's objectId", path("ref.objectId", .equalTo("o1")), ["doc01", "doc03"]),
        QueryCase("a Pointer's className", path("ref.className", .equalTo("Other")), ["doc01", "doc02"]),
        QueryCase("a Pointer's type", path("ref.__type", .equalTo("Pointer")), ["doc01", "doc02", "doc03"]),
        QueryCase("a key of any object of an array, or of an object", path("items.name", .equalTo("x")), ["doc01", "doc02"]),
        QueryCase("a range over the objects of an array", path("items.qty", .greaterThan(1)), ["doc01", "doc02"]),
        QueryCase("an object among other elements", path("items.name", .equalTo("z")), ["doc04"]),
        QueryCase(
            "not exists where no object holds the key", path("items.name", .exists(false)),
            ["doc03", "doc05", "doc06", "doc07", "doc08"]),
        QueryCase("a path below a column is missing", path("objectId.x", .exists(false)), allBut()),
        // Inside $or and $and.
        QueryCase(
            "or of paths",
            WhereQuery([.or([path("hash.a", .equalTo("z")), path("items.qty", .equalTo(3))])]), ["doc01", "doc02"]),
        QueryCase(
            "and of paths",
            WhereQuery([.and([path("hash.n", .greaterThanOrEqualTo(5)), path("tags", .equalTo("t2"))])]), ["doc01", "doc02"]),
    ]

    // MARK: Tests

    @Test(arguments: TestDatabase.engines, PathConformanceTests.cases)
    func pathsAndArraysMatchTheExpectedObjects(_ engine: StorageEngine, _ queryCase: QueryCase) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(PathConformanceTests.documents)

            let matched = try await storage.matching("Doc", queryCase.whereQuery)

            #expect(matched == queryCase.expected)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func countsAndOrdersFollowPaths(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(PathConformanceTests.documents)
            let order = { (text: String) async throws -> [String] in
                try await storage.objectIds(Fixture.request("Doc", QueryParameters(order: try SortKey.parseList(text))))
            }
            let counted = try await storage.objects.find(
                Fixture.request("Doc", QueryParameters(whereQuery: PathConformanceTests.path("hash.n", .greaterThanOrEqualTo(5)), limit: 0, includesCount: true)),
                access: .bypass)

            #expect(counted.count == 3)
            // Missing first (newest first among them), then numbers, then strings; an array on the way leaves it missing.
            #expect(try await order("hash.n") == ["doc07", "doc06", "doc05", "doc04", "doc03", "doc01", "doc02", "doc08"])
            #expect(try await order("-hash.n") == ["doc08", "doc02", "doc01", "doc07", "doc06", "doc05", "doc04", "doc03"])
            #expect(try await order("hash.arr.0,-createDate") == ["doc08", "doc07", "doc06", "doc05", "doc04", "doc03", "doc01", "doc02"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func subQueriesUsePathsOnBothSides(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(
                PathConformanceTests.documents + [
                    Fixture.newObject("Other", "o1", ["info": ["kind": "gold"], "label": "b"]),
                    Fixture.newObject("Other", "o2", ["info": ["kind": "silver"], "label": "z"]),
                ])
            let gold = SubQuery(className: Fixture.className("Other"), whereQuery: PathConformanceTests.path("info.kind", .equalTo("gold")))
            let all = SubQuery(className: Fixture.className("Other"))
            guard let label = FieldPath("label"), let kind = FieldPath("info.kind") else { return }

            #expect(try await storage.matching("Doc", PathConformanceTests.path("ref", .inQuery(gold))) == ["doc01"])
            #expect(try await storage.matching("Doc", PathConformanceTests.path("hash.a", .select(all, key: label))) == ["doc01", "doc02", "doc05", "doc08"])
            #expect(try await storage.matching("Doc", PathConformanceTests.path("hash.a", .dontSelect(all, key: label))) == ["doc03", "doc04", "doc06", "doc07"])
            #expect(try await storage.matching("Doc", PathConformanceTests.path("tags", .select(all, key: kind))) == [])
        }
    }

    /// A sub-query holding sub-queries is written once (docs/decisions/0016-type-aware-equality.md): eight
    /// levels of `$inQuery` around 4,000 `$in` values stay within both engines' bound-value limits.
    @Test(arguments: TestDatabase.engines)
    func nestedSubQueriesAreWrittenOnce(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(PathConformanceTests.documents + [Fixture.newObject("Other", "o1", ["n": 1])])
            var query = PathConformanceTests.path("n", .containedIn((0..<4000).map { .integer(Int64($0)) }))
            for _ in 0..<WhereQuery.maximumNestingDepth {
                query = PathConformanceTests.path("ref", .inQuery(SubQuery(className: Fixture.className("Other"), whereQuery: query)))
            }

            #expect(try await storage.matching("Doc", query) == [])
            #expect(try await storage.matching("Doc", PathConformanceTests.path("ref", .inQuery(SubQuery(className: Fixture.className("Other"), whereQuery: PathConformanceTests.path("n", .equalTo(1)))))) == ["doc01"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aRelationsObjectIdIsThatOfAReadableMember(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll([
                Fixture.newObject("Other", "o1"), Fixture.newObject("Other", "o2"),
                Fixture.newObject("Other", "secret", acl: AccessControlList()),
            ])
            var team = Fixture.newObject("Doc", "team")
            team.operations.append((Fixture.field("members"), .addRelation([Fixture.pointer("Other", "o1"), Fixture.pointer("Other", "secret")])))
            try await storage.createAll([team, Fixture.newObject("Doc", "other", ["members": ["objectId": "o1"]])])

            #expect(try await storage.matching("Doc", PathConformanceTests.path("members.objectId", .equalTo("o1"))) == ["other", "team"])
            #expect(try await storage.matching("Doc", PathConformanceTests.path("members.objectId", .equalTo("o2"))) == [])
            #expect(try await storage.matching("Doc", PathConformanceTests.path("members.className", .equalTo("Other"))) == ["team"])
            #expect(try await storage.matching("Doc", PathConformanceTests.path("members.objectId", .equalTo("secret"))) == ["team"])
            #expect(
                try await storage.matching("Doc", PathConformanceTests.path("members.objectId", .equalTo("secret")), access: .anonymous) == [])
        }
    }
}
