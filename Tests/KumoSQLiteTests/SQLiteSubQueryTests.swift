import KumoSQLite
import KumoStorage
import NCMBWire
import Testing

@Suite struct SQLiteSubQueryTests {
    /// Cities with populations, and people pointing at them or naming them.
    static let fixtures: [NewObject] = [
        Fixture.newObject("City", "tokyo", ["cityName": "Tokyo", "population": 14_000_000], seconds: 1),
        Fixture.newObject("City", "osaka", ["cityName": "Osaka", "population": 2_700_000], seconds: 2),
        Fixture.newObject("City", "secret", ["cityName": "Secret", "population": 20_000_000], acl: AccessControlList(), seconds: 3),
        Fixture.newObject("City", "nagoya", ["cityName": "Nagoya", "population": 2_300_000], seconds: 4),
        Fixture.newObject("Person", "alice", ["home": Fixture.pointer("City", "tokyo").json, "city": "Tokyo"], seconds: 1),
        Fixture.newObject("Person", "bob", ["home": Fixture.pointer("City", "osaka").json, "city": "Osaka"], seconds: 2),
        Fixture.newObject("Person", "carol", ["home": Fixture.pointer("City", "secret").json, "city": "Secret"], seconds: 3),
        Fixture.newObject("Person", "dave", ["home": Fixture.pointer("Other", "tokyo").json, "city": 14_000_000], seconds: 4),
        Fixture.newObject("Person", "erin", [:], seconds: 5),
    ]

    static let bigCities = SubQuery(
        className: Fixture.className("City"), whereQuery: Fixture.whereField("population", .greaterThan(10_000_000)))

    // MARK: Tests

    @Test func inQueryMatchesPointersToReadableResultsOfTheSubQuery() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteSubQueryTests.fixtures)

            let matched = try await storage.matching(
                "Person", Fixture.whereField("home", .inQuery(SQLiteSubQueryTests.bigCities)), access: .anonymous)

            #expect(matched == ["alice"])
        }
    }

    @Test func inQueryWithBypassSeesEveryObject() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteSubQueryTests.fixtures)

            let matched = try await storage.matching(
                "Person", Fixture.whereField("home", .inQuery(SQLiteSubQueryTests.bigCities)), access: .bypass)

            #expect(matched == ["alice", "carol"])
        }
    }

    @Test func inQueryAppliesTheSubQueryOrderLimitAndSkip() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteSubQueryTests.fixtures)
            let secondLargest = SubQuery(
                className: Fixture.className("City"), limit: 1, skip: 1,
                order: [SortKey(field: Fixture.field("population"), isDescending: true)]
            )

            let matched = try await storage.matching("Person", Fixture.whereField("home", .inQuery(secondLargest)), access: .anonymous)

            #expect(matched == ["bob"])
        }
    }

    @Test func notInQueryMatchesEverythingElseIncludingMissingPointers() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteSubQueryTests.fixtures)

            let matched = try await storage.matching(
                "Person", Fixture.whereField("home", .notInQuery(SQLiteSubQueryTests.bigCities)), access: .anonymous
            )

            #expect(matched == ["bob", "carol", "dave", "erin"])
        }
    }

    @Test func selectMatchesFieldValuesAgainstTheKeyOfReadableResults() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteSubQueryTests.fixtures)

            let matched = try await storage.matching(
                "Person", Fixture.whereField("city", .select(SQLiteSubQueryTests.bigCities, key: Fixture.field("cityName"))),
                access: .anonymous
            )

            #expect(matched == ["alice"])
        }
    }

    @Test func selectComparesValuesWithTheirTypes() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteSubQueryTests.fixtures)

            let matched = try await storage.matching(
                "Person", Fixture.whereField("city", .select(SQLiteSubQueryTests.bigCities, key: Fixture.field("population"))),
                access: .anonymous
            )

            #expect(matched == ["dave"])
        }
    }

    @Test func selectOnObjectIdComparesTheColumn() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(
                SQLiteSubQueryTests.fixtures + [Fixture.newObject("Person", "frank", ["city": "osaka"], seconds: 6)]
            )
            let all = SubQuery(className: Fixture.className("City"))

            let matched = try await storage.matching("Person", Fixture.whereField("city", .select(all, key: .objectId)), access: .anonymous)

            #expect(matched == ["frank"])
        }
    }

    @Test func dontSelectMatchesTheRest() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteSubQueryTests.fixtures)

            let matched = try await storage.matching(
                "Person", Fixture.whereField("city", .dontSelect(SQLiteSubQueryTests.bigCities, key: Fixture.field("cityName"))),
                access: .anonymous
            )

            #expect(matched == ["bob", "carol", "dave", "erin"])
        }
    }

    @Test func relatedToFindsTheTargetsOfAReadableOwner() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteSubQueryTests.fixtures)
            for (owner, acl) in [("list1", AccessControlList.publicReadWrite), ("hidden", AccessControlList())] {
                var list = Fixture.newObject("List", owner, acl: acl)
                list.operations = [
                    (Fixture.field("members"), .addRelation([Fixture.pointer("Person", "alice"), Fixture.pointer("Person", "bob")]))
                ]
                _ = try await storage.objects.create(list)
            }
            let related = { (owner: String, key: String) in
                WhereQuery([.relatedTo(owner: Fixture.pointer("List", owner), key: Fixture.field(key))])
            }

            #expect(try await storage.matching("Person", related("list1", "members"), access: .anonymous) == ["alice", "bob"])
            #expect(try await storage.matching("Person", related("list1", "others"), access: .anonymous) == [])
            #expect(try await storage.matching("Person", related("hidden", "members"), access: .anonymous) == [])
            #expect(try await storage.matching("Person", related("hidden", "members"), access: .bypass) == ["alice", "bob"])
        }
    }
}
