import NCMBWire
import Testing

@Suite struct FieldOperationParsingTests {
    static let field = FieldName.named("score")
    static let userPointer = Pointer(className: .user, objectId: "7FrmPTBKSNtVjajm")

    func parse(_ text: String) throws -> FieldOperation { try FieldOperation(parsing: .json(text), field: Self.field) }

    // MARK: Tests

    @Test(arguments: [
        ("null", FieldOperation.delete),
        (#"{"__op":"Delete"}"#, .delete),
        (#"{"__op":"Increment","amount":1}"#, .increment(1)),
        (#"{"__op":"Increment","amount":-2.5}"#, .increment(-2.5)),
        (#"{"__op":"Add","objects":[1,2]}"#, .add([1, 2])),
        (#"{"__op":"AddUnique","objects":["a","b"]}"#, .addUnique(["a", "b"])),
        (#"{"__op":"Remove","objects":["a"]}"#, .remove(["a"])),
        (#"{"__op":"Add","objects":[]}"#, .add([])),
        (
            #"{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"user","objectId":"7FrmPTBKSNtVjajm"}]}"#,
            .addRelation([userPointer])
        ),
        (
            #"{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"user","objectId":"7FrmPTBKSNtVjajm"}]}"#,
            .removeRelation([userPointer])
        ),
        (#""text""#, .set("text")),
        ("42", .set(42)),
        ("4.5", .set(4.5)),
        ("true", .set(true)),
        ("[1,[2],{\"a\":null}]", .set([1, [2], ["a": nil]])),
        (#"{"a":{"b":1}}"#, .set(["a": ["b": 1]])),
        ("{}", .set(.object(JSONObject()))),
        // An empty relation marker declares the field a relation (docs/decisions/0058-empty-relation-marker.md).
        (#"{"__type":"Relation","className":"user"}"#, .set(["__type": "Relation", "className": "user"])),
    ])
    func readsOperatorsAndPlainValues(text: String, expected: FieldOperation) throws {
        #expect(try parse(text) == expected)
    }

    @Test(arguments: [
        ("2016-01-26T00:00:00Z", "2016-01-26T00:00:00.000Z"),
        ("2016-01-26T00:00:05.123456Z", "2016-01-26T00:00:05.123Z"),
        ("2016-01-26T00:00:05.1", "2016-01-26T00:00:05.100Z"),
        ("2016-01-26T09:00:00.000+09:00", "2016-01-26T00:00:00.000Z"),
        ("2016-01-26T00:00:00.000Z", "2016-01-26T00:00:00.000Z"),
    ])
    func writesDatesWithTheCanonicalIso(iso: String, canonical: String) throws {
        let operation = try FieldOperation(parsing: ["__type": "Date", "iso": .string(iso)], field: Self.field)

        #expect(operation == .set(["__type": "Date", "iso": .string(canonical)]))
    }

    @Test func normalisesDatesNestedInArraysAndObjects() throws {
        let operation = try parse(#"[{"when":{"__type":"Date","iso":"2016-01-26T00:00:00Z"}}]"#)

        #expect(operation == .set(.json(#"[{"when":{"__type":"Date","iso":"2016-01-26T00:00:00.000Z"}}]"#)))
    }

    @Test func normalisesDatesInAddObjects() throws {
        let operation = try parse(#"{"__op":"Add","objects":[{"__type":"Date","iso":"2016-01-26T00:00:00Z"}]}"#)

        #expect(operation == .add([.json(#"{"__type":"Date","iso":"2016-01-26T00:00:00.000Z"}"#)]))
    }

    @Test func keepsGeoPointNumbersAsSentAndDropsExtraKeys() throws {
        let operation = try parse(#"{"__type":"GeoPoint","latitude":35,"longitude":139.765607,"note":"x"}"#)

        #expect(operation == .set(.json(#"{"__type":"GeoPoint","latitude":35,"longitude":139.765607}"#)))
    }

    @Test func writesPointersInTheirCanonicalForm() throws {
        let operation = try parse(#"{"objectId":"7FrmPTBKSNtVjajm","className":"user","__type":"Pointer","extra":1}"#)

        #expect(operation == .set(Self.userPointer.json))
    }

    @Test(arguments: [
        #"{"__type":"Date","iso":"yesterday"}"#, #"{"__type":"Date"}"#, #"{"__type":"Date","iso":1}"#,
        #"[{"__type":"Date","iso":"2016-02-30T00:00:00Z"}]"#,
    ])
    func rejectsDatesThatDoNotParseAsInvalidFormat(text: String) {
        #expect(throws: APIError(.invalidFormat, "score")) { try parse(text) }
    }

    @Test(arguments: [
        #"{"__type":"GeoPoint","latitude":91,"longitude":0}"#, #"{"__type":"GeoPoint","latitude":0,"longitude":181}"#,
        #"{"__type":"GeoPoint","latitude":"1","longitude":0}"#, #"{"__type":"GeoPoint","latitude":1}"#,
        #"{"a":[{"__type":"GeoPoint"}]}"#,
    ])
    func rejectsMalformedGeoPointsWithTheGeoPointError(text: String) {
        #expect(throws: APIError(.invalidGeoPointValue)) { try parse(text) }
    }

    @Test(arguments: [
        #"{"__type":"Pointer","className":"user"}"#, #"{"__type":"Pointer","objectId":"x"}"#,
        #"{"__type":"Pointer","className":"user","objectId":""}"#, #"{"__type":"Pointer","className":"1x","objectId":"y"}"#,
        #"{"__type":"Relation","className":"1x"}"#, #"{"__type":"Relation","className":"user","objects":[]}"#,
        #"{"__type":"Relation"}"#, #"{"__type":"Object","className":"user","objectId":"x"}"#,
        #"{"__type":"Bytes","base64":""}"#, #"{"__type":1}"#, #"{"nested":{"__type":"Relation","className":"user"}}"#,
        #"{"__op":"Explode"}"#, #"{"__op":1}"#, #"{"__op":"Increment"}"#, #"{"__op":"Increment","amount":"1"}"#,
        #"{"__op":"Increment","amount":null}"#, #"{"__op":"Add"}"#, #"{"__op":"AddUnique","objects":"a"}"#,
        #"{"__op":"Remove","objects":{}}"#, #"{"__op":"Add","objects":[{"__type":"Relation","className":"user"}]}"#,
        #"{"__op":"AddRelation","objects":[]}"#, #"{"__op":"AddRelation"}"#, #"{"__op":"AddRelation","objects":[1]}"#,
        #"{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"user"}]}"#,
        #"{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"user","objectId":"a"},"#
            + #"{"__type":"Pointer","className":"role","objectId":"b"}]}"#,
    ])
    func rejectsMalformedValuesAndOperatorsAsInvalid(text: String) {
        #expect(throws: APIError(.invalidType, "score")) { try parse(text) }
    }

    @Test func readsABodyInOrderAndSkipsSystemFields() throws {
        let body = JSONValue.json(
            #"{"objectId":"x","name":"a","createDate":"2013-12-02T02:44:35.452Z","#
                + #""score":{"__op":"Increment","amount":1},"updateDate":"y","gone":null}"#)

        let (operations, acl) = try FieldOperation.parseBody(#require(body.objectValue))

        #expect(operations.map(\.0) == [.named("name"), .named("score"), .named("gone")])
        #expect(operations.map(\.1) == [.set("a"), .increment(1), .delete])
        #expect(acl == nil)
    }

    @Test func readsTheACLOfABody() throws {
        let body = JSONValue.json(#"{"acl":{"*":{"read":true}},"name":"a"}"#)

        let (operations, acl) = try FieldOperation.parseBody(#require(body.objectValue))

        #expect(operations.count == 1)
        #expect(acl == AccessControlList(["*": .init(read: true)]))
    }

    @Test(arguments: [
        (#"{"_id":1}"#, APIError(.invalidType, "_id")),
        (#"{"a-b":1}"#, APIError(.invalidType, "a-b")),
        (#"{"":1}"#, APIError(.invalidType, "")),
        (#"{"acl":[]}"#, APIError(.invalidType, "acl")),
        (#"{"ok":1,"when":{"__type":"Date","iso":"x"}}"#, APIError(.invalidFormat, "when")),
    ])
    func rejectsInvalidBodies(text: String, error: APIError) throws {
        let body = try #require(JSONValue.json(text).objectValue)

        #expect(throws: error) { try FieldOperation.parseBody(body) }
    }
}
