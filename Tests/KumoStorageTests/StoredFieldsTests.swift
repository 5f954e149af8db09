import KumoStorage
import NCMBWire
import Testing

/// ``StoredFields``: stored text is parsed on first read, once, and equals the parsed form.
@Suite struct StoredFieldsTests {
    static let text = #"{"score":7,"name":"ramen","tags":["a","b"]}"#

    static func object(_ fields: StoredFields) -> StoredObject {
        StoredObject(
            objectId: "o1", createDate: WireDate(millisecondsSince1970: 0), updateDate: WireDate(millisecondsSince1970: 1),
            acl: .publicReadWrite, storedFields: fields)
    }

    @Test func storedTextReadsAsTheParsedObjectInStoredOrder() throws {
        let fields = StoredFields(storedText: Self.text)

        #expect(Array(fields.object.keys) == ["score", "name", "tags"])
        #expect(fields.object == (try JSONValue(parsing: Self.text).objectValue))
        #expect(fields.encodedForRendering == Self.text)
    }

    @Test func anObjectFromStoredTextEqualsOneFromParsedFields() throws {
        let parsed = Self.object(StoredFields(try #require(try JSONValue(parsing: Self.text).objectValue)))
        let encoded = Self.object(StoredFields(storedText: Self.text))

        #expect(encoded == parsed)
        #expect(Set([encoded, parsed]).count == 1)
        #expect(parsed.storedFields.encodedForRendering == nil)
    }

    @Test func changingTheFieldsDropsTheStoredText() {
        var object = Self.object(StoredFields(storedText: Self.text))

        object.fields["score"] = 8

        #expect(object.fields["score"] == 8)
        #expect(object.fields["name"] == "ramen")
        #expect(object.storedFields.encodedForRendering == nil)
    }

    @Test func copiesReadConcurrentlyAgree() async {
        let object = Self.object(StoredFields(storedText: Self.text))

        let reads = await withTaskGroup(of: JSONObject.self) { group in
            for _ in 0..<20 { group.addTask { object.fields } }
            return await group.reduce(into: []) { $0.append($1) }
        }

        #expect(reads.count == 20)
        #expect(reads.allSatisfy { $0 == object.fields })
    }

    @Test func textThatDoesNotParseReadsAsNoFields() {
        #expect(StoredFields(storedText: "{not json").object.isEmpty)
    }
}
