import KumoSQLite
import KumoStorage
import NCMBWire
import Testing

/// One `where` and the objectIds it must match among ``SQLiteQueryTests/items``.
struct QueryCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let whereQuery: WhereQuery
    let expected: [String]

    init(_ description: String, _ whereQuery: WhereQuery, _ expected: [String]) {
        self.testDescription = description
        self.whereQuery = whereQuery
        self.expected = expected.sorted()
    }

    init(_ description: String, _ field: String, _ condition: FieldCondition, _ expected: [String]) {
        self.init(description, Fixture.whereField(field, condition), expected)
    }
}

@Suite struct SQLiteQueryTests {
    /// Objects whose fields mix types, nulls and missing keys; created one second apart.
    static let items: [NewObject] = [
        Fixture.newObject(
            "Item", "item01",
            [
                "number": 1, "text": "apple", "flag": true, "when": Fixture.dateValue("2015-07-29T14:59:59.999Z"), "list": [1, 2, 3],
                "tags": ["a", "b"], "owner": Fixture.pointer("user", "u1").json,
            ], seconds: 1),
        Fixture.newObject(
            "Item", "item02",
            [
                "number": 2.5, "text": "banana", "flag": false, "when": Fixture.dateValue("2016-01-01T00:00:00.000Z"), "list": [4, 5],
                "tags": ["b", "c"], "owner": Fixture.pointer("user", "u2").json,
            ], seconds: 2),
        Fixture.newObject(
            "Item", "item03",
            [
                "number": "3", "text": 3, "when": "2016-01-01T00:00:00.000Z", "list": "notarray",
                "owner": Fixture.pointer("Other", "u1").json,
            ],
            seconds: 3),
        Fixture.newObject("Item", "item04", ["number": nil, "text": nil, "flag": nil], seconds: 4),
        Fixture.newObject("Item", "item05", [:], seconds: 5),
        Fixture.newObject("Item", "item06", ["number": 10, "list": ["1", 2.0], "tags": []], seconds: 6),
    ]

    static let cases: [QueryCase] = [
        QueryCase("integer equality", "number", .equalTo(1), ["item01"]),
        QueryCase("double equality", "number", .equalTo(2.5), ["item02"]),
        QueryCase("integer operand matches a whole double", "number", .equalTo(1.0), ["item01"]),
        QueryCase("string equality does not match numbers", "number", .equalTo("3"), ["item03"]),
        QueryCase("number equality does not match strings", "number", .equalTo(3), []),
        QueryCase("greater than compares numbers only", "number", .greaterThan(1), ["item02", "item06"]),
        QueryCase("less than or equal", "number", .lessThanOrEqualTo(2.5), ["item01", "item02"]),
        QueryCase("greater than or equal", "number", .greaterThanOrEqualTo(10), ["item06"]),
        QueryCase("less than", "number", .lessThan(2.5), ["item01"]),
        QueryCase("string comparison", "text", .greaterThan("apple"), ["item02"]),
        QueryCase(
            "not equal matches other types, nulls and missing fields", "number", .notEqualTo(1),
            ["item02", "item03", "item04", "item05", "item06"]),
        QueryCase("null equality matches null and missing", "number", .equalTo(nil), ["item04", "item05"]),
        QueryCase("not equal null matches present values", "number", .notEqualTo(nil), ["item01", "item02", "item03", "item06"]),
        QueryCase(
            "exists matches present keys even null", "number", .exists(true),
            ["item01", "item02", "item03", "item04", "item06"]),
        QueryCase("exists false matches missing keys", "number", .exists(false), ["item05"]),
        QueryCase("in mixes types", "number", .containedIn([1, "3", 10]), ["item01", "item03", "item06"]),
        QueryCase(
            "in with null matches null and missing", "text", .containedIn([nil, "apple"]), ["item01", "item04", "item05", "item06"]),
        QueryCase("not in matches missing fields", "number", .notContainedIn([1, 2.5]), ["item03", "item04", "item05", "item06"]),
        QueryCase("regex matches strings", "text", .regex("^ban"), ["item02"]),
        QueryCase("regex ignores numbers", "text", .regex("3"), []),
        QueryCase("regex dot star matches every string", "text", .regex(".*"), ["item01", "item02"]),
        QueryCase("bool equality", "flag", .equalTo(true), ["item01"]),
        QueryCase("bool false equality", "flag", .equalTo(false), ["item02"]),
        QueryCase("bool not equal", "flag", .notEqualTo(true), ["item02", "item03", "item04", "item05", "item06"]),
        QueryCase(
            "date greater than ignores plain strings", "when", .greaterThan(Fixture.dateValue("2015-12-31T00:00:00.000Z")), ["item02"]),
        QueryCase("date less than", "when", .lessThan(Fixture.dateValue("2016-01-01T00:00:00.000Z")), ["item01"]),
        QueryCase("date equality with a normalised operand", "when", .equalTo(Fixture.dateValue("2016-01-01T00:00:00Z")), ["item02"]),
        QueryCase(
            "date range",
            Fixture.whereField(
                "when", .greaterThanOrEqualTo(Fixture.dateValue("2015-07-29T14:59:59.999Z")),
                .lessThan(Fixture.dateValue("2016-01-01T00:00:00.000Z"))), ["item01"]),
        QueryCase("inArray matches any element", "list", .inArray([2, 5]), ["item01", "item02", "item06"]),
        QueryCase("inArray compares element types", "list", .inArray(["1"]), ["item06"]),
        QueryCase("inArray number does not match a string element", "list", .inArray([1]), ["item01"]),
        QueryCase("ninArray matches non-arrays and missing", "list", .notInArray([1, 4]), ["item03", "item04", "item05", "item06"]),
        QueryCase("all requires every value", "list", .containsAll([1, 2]), ["item01"]),
        QueryCase("all on strings", "tags", .containsAll(["b"]), ["item01", "item02"]),
        QueryCase("all of nothing matches every array", "tags", .containsAll([]), ["item01", "item02", "item06"]),
        QueryCase("array equality", "list", .equalTo([4, 5]), ["item02"]),
        QueryCase("pointer equality compares class and objectId", "owner", .equalTo(Fixture.pointer("user", "u1").json), ["item01"]),
        QueryCase(
            "pointer inequality", "owner", .notEqualTo(Fixture.pointer("user", "u1").json),
            ["item02", "item03", "item04", "item05", "item06"]),
        QueryCase(
            "or of sub-queries",
            WhereQuery([
                .or([
                    Fixture.whereField("number", .greaterThan(5)),
                    Fixture.whereField("text", .equalTo("apple")),
                ])
            ]), ["item01", "item06"]),
        QueryCase(
            "and of fields",
            WhereQuery([
                .field(Fixture.field("number"), [.greaterThan(0)]),
                .field(Fixture.field("flag"), [.equalTo(false)]),
            ]), ["item02"]),
        QueryCase("objectId equality", "objectId", .equalTo("item02"), ["item02"]),
        QueryCase("objectId in", "objectId", .containedIn(["item01", "item05", "missing"]), ["item01", "item05"]),
        QueryCase("objectId not equal", "objectId", .notEqualTo("item01"), ["item02", "item03", "item04", "item05", "item06"]),
        QueryCase("objectId regex", "objectId", .regex("0[12]$"), ["item01", "item02"]),
        QueryCase(
            "createDate after a Date", "createDate", .greaterThan(.object(["__type": "Date", "iso": .string(Fixture.date(4).formatted)])),
            ["item05", "item06"]),
        QueryCase(
            "createDate before an ISO string", "createDate", .lessThanOrEqualTo(.string(Fixture.date(2).formatted)),
            ["item01", "item02"]),
        QueryCase("updateDate equality", "updateDate", .equalTo(.string(Fixture.date(3).formatted)), ["item03"]),
        QueryCase("createDate with a non-date operand matches nothing", "createDate", .greaterThan(5), []),
        QueryCase("empty where matches everything", WhereQuery(), ["item01", "item02", "item03", "item04", "item05", "item06"]),
        QueryCase("empty or matches nothing", WhereQuery([.or([])]), []),
    ]

    // MARK: Tests

    @Test(arguments: SQLiteQueryTests.cases)
    func whereMatchesTheExpectedObjects(_ queryCase: QueryCase) async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteQueryTests.items)

            let matched = try await storage.matching("Item", queryCase.whereQuery)

            #expect(matched == queryCase.expected)
        }
    }

    @Test func aValueThatLooksLikeSQLIsOnlyEverData() async throws {
        try await TemporaryStorage.with { storage in
            let hostile: JSONValue = "x'); DROP TABLE objects;--"
            try await storage.createAll(SQLiteQueryTests.items + [Fixture.newObject("Item", "item07", ["text": hostile])])

            let matched = try await storage.matching("Item", Fixture.whereField("text", .equalTo(hostile)))

            #expect(matched == ["item07"])
            #expect(try await storage.matching("Item", .all).count == 7)
        }
    }

    @Test func aClassWithNoObjectsFindsNothing() async throws {
        try await TemporaryStorage.with { storage in
            let found = try await storage.objects.find(Fixture.request("Nothing", QueryParameters(includesCount: true)), access: .anonymous)

            #expect(found == FoundObjects(objects: [], count: 0))
        }
    }
}
