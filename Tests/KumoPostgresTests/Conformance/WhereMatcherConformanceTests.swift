import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The realtime module's in-memory `where` (``WhereMatcher``, docs/decisions/0092-where-in-memory.md) against the SQL
/// the compiler writes, on SQLite: for every case of the storage conformance corpus and for every generated condition
/// over its objects, the matcher keeps exactly the objects the query returns.
@Suite struct WhereMatcherConformanceTests {
    /// A corpus: objects of one class and the cases over them.
    struct Corpus: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let className: String
        let objects: [NewObject]
        let cases: [QueryCase]
    }

    static let geoCases: [QueryCase] =
        GeoConformanceTests.distances.map { distance, expected in
            QueryCase(
                "nearSphere within \(distance)",
                Fixture.whereField("location", .nearSphere(GeoConformanceTests.tokyoStation, maximumDistance: distance)), expected)
        } + [
            QueryCase(
                "nearSphere without a distance",
                Fixture.whereField("location", .nearSphere(GeoConformanceTests.tokyoStation, maximumDistance: nil)),
                ["fiji", "osaka", "samoa", "tokyo", "yokohama"]),
            QueryCase(
                "box",
                Fixture.whereField("location", .withinBox(southwest: Fixture.geoPoint(35, 139), northeast: Fixture.geoPoint(36, 140))),
                ["tokyo", "yokohama"]),
            QueryCase(
                "box across the antimeridian",
                Fixture.whereField("location", .withinBox(southwest: Fixture.geoPoint(-20, 170), northeast: Fixture.geoPoint(-10, -170))),
                ["fiji", "samoa"]),
        ]

    static let corpora: [Corpus] = [
        Corpus(testDescription: "queries", className: "Item", objects: QueryConformanceTests.items, cases: QueryConformanceTests.cases),
        Corpus(testDescription: "text", className: "Word", objects: TextConformanceTests.words, cases: TextConformanceTests.cases),
        Corpus(testDescription: "geo", className: "Place", objects: GeoConformanceTests.places, cases: geoCases),
        Corpus(testDescription: "paths", className: "Doc", objects: PathConformanceTests.documents, cases: PathConformanceTests.cases),
    ]

    // MARK: Tests

    @Test(arguments: corpora)
    func theMatcherKeepsWhatTheQueryReturnsForEveryCase(_ corpus: Corpus) async throws {
        try await StorageUnderTest.with(.sqlite) { storage in
            try await storage.createAll(corpus.objects)
            let stored = try await storage.objects.find(
                Fixture.request(corpus.className, QueryParameters(limit: 1000)), access: .bypass
            ).objects

            for queryCase in corpus.cases {
                let sql = try await storage.matching(corpus.className, queryCase.whereQuery)
                let matcher = try WhereMatcher(queryCase.whereQuery)
                let kept = stored.filter(matcher.matches).map(\.objectId).sorted()

                #expect(kept == sql, "\(queryCase.testDescription)")
                #expect(kept == queryCase.expected, "\(queryCase.testDescription)")
            }
        }
    }

    /// Every operator with every operand drawn from the corpus's own values (and a few others), on every field.
    @Test func theMatcherAgreesWithTheQueryOnGeneratedConditions() async throws {
        try await StorageUnderTest.with(.sqlite) { storage in
            try await storage.createAll(QueryConformanceTests.items)
            let stored = try await storage.objects.find(Fixture.request("Item", QueryParameters(limit: 1000)), access: .bypass).objects
            var operands: [JSONValue] = [
                .null, 0, 1, 1.0, 2.5, -3, "", "1", "3", "apple", "a", "b", "banana", "notarray", true, false, [1, 2, 3], [], ["a", "b"],
                ["1", 2.0], Fixture.dateValue("2016-01-01T00:00:00.000Z"), Fixture.dateValue("2015-07-29T14:59:59.999Z"),
                "2016-01-01T00:00:00.000Z", Fixture.pointer("user", "u1").json, Fixture.pointer("Other", "u1").json, ["k": 1],
            ]
            operands.append(.string(Fixture.date(3).formatted))
            let fields = ["number", "text", "flag", "when", "list", "tags", "owner", "absent", "objectId", "createDate", "updateDate"]
            var conditions: [FieldCondition] = [.exists(true), .exists(false), .regex("^a"), .regex("an"), .regex("[0-9]")]
            for operand in operands {
                conditions += [
                    .equalTo(operand), .notEqualTo(operand), .lessThan(operand), .lessThanOrEqualTo(operand), .greaterThan(operand),
                    .greaterThanOrEqualTo(operand),
                ]
            }
            let lists: [[JSONValue]] = [
                [1, "apple"], [nil], [2.5, 10], ["a"], ["b", "c"], [true], [1, 2], [], [Fixture.pointer("user", "u2").json],
            ]
            for list in lists {
                conditions += [.containedIn(list), .notContainedIn(list), .inArray(list), .notInArray(list), .containsAll(list)]
            }
            var compared = 0
            for field in fields {
                for condition in conditions {
                    let query = WhereQuery([.field(Fixture.field(field), [condition])])
                    let sql = try await storage.matching("Item", query)
                    let kept = stored.filter(try WhereMatcher(query).matches).map(\.objectId).sorted()

                    #expect(kept == sql, "\(field) \(condition)")
                    compared += 1
                }
            }
            #expect(compared > 1000)
        }
    }

    /// Every operator with operands drawn from the path corpus, on dotted paths through objects, arrays, arrays of
    /// objects, positions, Pointers, scalars and missing keys (docs/decisions/0104-dotted-paths.md).
    @Test func theMatcherAgreesWithTheQueryOnGeneratedPathConditions() async throws {
        try await StorageUnderTest.with(.sqlite) { storage in
            try await storage.createAll(PathConformanceTests.documents)
            let stored = try await storage.objects.find(Fixture.request("Doc", QueryParameters(limit: 1000)), access: .bypass).objects
            let operands: [JSONValue] = [
                .null, 1, 5, 9, 2.0, "b", "x", "t2", "zero", "5", "o1", "Other", true, [1, 5], ["b", "c"], ["t1", "t2"], [],
                Fixture.pointer("Other", "o1").json, Fixture.dateValue("2016-01-01T00:00:00.000Z"), ["x": 1],
            ]
            let paths = [
                "tags", "scores", "hash", "hash.a", "hash.n", "hash.arr", "hash.arr.0", "hash.arr.2", "hash.0", "hash.0.a", "hash.1.a",
                "hash.inner.x", "hash.d", "ref", "ref.objectId", "ref.className", "items", "items.name", "items.qty", "absent.x",
                "objectId.x",
            ]
            var conditions: [FieldCondition] = [.exists(true), .exists(false), .regex("^t"), .regex("^[bx]")]
            for operand in operands {
                conditions += [.equalTo(operand), .notEqualTo(operand), .lessThan(operand), .greaterThanOrEqualTo(operand)]
            }
            let lists: [[JSONValue]] = [[nil], ["b", 5], ["t1", "t3"], [1, 2], [], [Fixture.pointer("Other", "o2").json]]
            for list in lists {
                conditions += [.containedIn(list), .notContainedIn(list), .inArray(list), .notInArray(list), .containsAll(list)]
            }
            var compared = 0
            for text in paths {
                guard let path = FieldPath(text) else { continue }
                for condition in conditions {
                    let query = WhereQuery([.field(path, [condition])])
                    let sql = try await storage.matching("Doc", query)
                    let kept = stored.filter(try WhereMatcher(query).matches).map(\.objectId).sorted()

                    #expect(kept == sql, "\(text) \(condition)")
                    compared += 1
                }
            }
            #expect(compared > 1000)
        }
    }

    @Test func subQueriesAndRelatedToAreRefused() throws {
        let subQuery = SubQuery(className: Fixture.className("Other"))
        let refused: [(WhereQuery, String)] = [
            (Fixture.whereField("owner", .inQuery(subQuery)), "$inQuery"),
            (Fixture.whereField("owner", .notInQuery(subQuery)), "$notInQuery"),
            (Fixture.whereField("text", .select(subQuery, key: Fixture.field("text"))), "$select"),
            (Fixture.whereField("text", .dontSelect(subQuery, key: Fixture.field("text"))), "$dontSelect"),
            (WhereQuery([.relatedTo(owner: Fixture.pointer("Other", "o1"), key: Fixture.field("members"))]), "$relatedTo"),
            (WhereQuery([.or([Fixture.whereField("owner", .inQuery(subQuery))])]), "$inQuery"),
            (WhereQuery([.and([Fixture.whereField("owner", .notInQuery(subQuery))])]), "$notInQuery"),
        ]

        for (query, name) in refused {
            #expect(throws: WhereMatcher.UnsupportedOperator(name: name)) { try WhereMatcher(query) }
        }
    }
}
