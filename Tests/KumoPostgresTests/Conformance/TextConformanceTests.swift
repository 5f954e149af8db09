import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Strings and stored JSON text: code-point order, regular expressions, and documents kept exactly as written.
@Suite struct TextConformanceTests {
    /// Words whose code-point order differs from most locales' dictionary order.
    static let words: [NewObject] = [
        Fixture.newObject("Word", "upperB", ["text": "B"], seconds: 1),
        Fixture.newObject("Word", "lowerA", ["text": "a"], seconds: 2),
        Fixture.newObject("Word", "accented", ["text": "é"], seconds: 3),
        Fixture.newObject("Word", "kanji", ["text": "日本"], seconds: 4),
        Fixture.newObject("Word", "empty", ["text": ""], seconds: 5),
        Fixture.newObject("Word", "multiline", ["text": "line1\nline2"], seconds: 6),
        Fixture.newObject("Word", "underscore", ["text": "_x"], seconds: 7),
    ]

    static let cases: [QueryCase] = [
        QueryCase(
            "string comparison is by code point", "text", .greaterThan("Z"), ["accented", "kanji", "lowerA", "multiline", "underscore"]),
        QueryCase("empty string equality", "text", .equalTo(""), ["empty"]),
        QueryCase("Japanese equality", "text", .equalTo("日本"), ["kanji"]),
        QueryCase("regex word class covers non-ASCII letters", "text", .regex("^\\w$"), ["accented", "lowerA", "upperB"]),
        QueryCase("regex anchors match the whole string", "text", .regex("^line2"), []),
        QueryCase("regex finds a match anywhere", "text", .regex("本"), ["kanji"]),
        QueryCase("an invalid regex matches nothing", "text", .regex("("), []),
        QueryCase("an operand holding U+0000 matches nothing", "text", .equalTo("a\u{0}"), []),
        QueryCase(
            "not equal to an operand holding U+0000 matches everything", "text", .notEqualTo("a\u{0}"),
            ["accented", "empty", "kanji", "lowerA", "multiline", "underscore", "upperB"]),
        QueryCase("objectId comparison is by code point", "objectId", .lessThan("k"), ["accented", "empty"]),
    ]

    // MARK: Tests

    @Test(arguments: TestDatabase.engines, TextConformanceTests.cases)
    func textConditionsMatchTheExpectedObjects(_ engine: StorageEngine, _ queryCase: QueryCase) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(TextConformanceTests.words)

            let matched = try await storage.matching("Word", queryCase.whereQuery)

            #expect(matched == queryCase.expected)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func ascendingOrderIsByCodePoint(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(TextConformanceTests.words)

            let ordered = try await storage.objectIds(
                Fixture.request("Word", QueryParameters(order: [SortKey(field: Fixture.field("text"))])))

            #expect(ordered == ["empty", "upperB", "underscore", "lowerA", "multiline", "accented", "kanji"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func documentsComeBackWithTheirKeysInStoredOrderAndTheirNumbersAsWritten(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let fields: JSONObject = [
                "zeta": 1, "alpha": ["z": 1, "a": [3, 2, 1]], "mid": 1.5, "big": .integer(9_007_199_254_740_993), "tiny": 0.000001,
                "whole": 100.0, "escaped": "tab\tquote\"slash\\", "emoji": "😀",
            ]
            _ = try await storage.objects.create(Fixture.newObject("Doc", "doc1", fields))

            let read = try await storage.objects.object(Fixture.key("Doc", "doc1"), include: [], access: .anonymous)

            #expect(read.fields.keys == fields.keys)
            #expect(JSONValue.object(read.fields).serializedString() == JSONValue.object(fields).serializedString())
        }
    }

    @Test(arguments: TestDatabase.engines)
    func objectEqualityComparesCanonicalTextSoKeyOrderMatters(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Fixture.newObject("Doc", "doc1", ["value": ["a": 1, "b": 2]]))

            let sameOrder = try await storage.matching("Doc", Fixture.whereField("value", .equalTo(["a": 1, "b": 2])))
            let otherOrder = try await storage.matching("Doc", Fixture.whereField("value", .equalTo(["b": 2, "a": 1])))

            #expect(sameOrder == ["doc1"])
            #expect(otherOrder == [])
        }
    }
}
