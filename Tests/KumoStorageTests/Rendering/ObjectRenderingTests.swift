import KumoStorage
import NCMBWire
import Testing

/// ``ObjectRendering`` writes the same bytes as serializing `StoredObject.json` (with included users redacted), which
/// the fixtures F02 and F18 pin down.
@Suite struct ObjectRenderingTests {
    static let created = WireDate(millisecondsSince1970: 1_385_952_275_452)
    static let updated = WireDate(millisecondsSince1970: 1_385_952_276_000)

    static func object(_ fields: JSONObject, acl: AccessControlList = .publicReadWrite) -> StoredObject {
        StoredObject(objectId: "7FrmPTBKSNtVjajm", createDate: created, updateDate: updated, acl: acl, fields: fields)
    }

    @Test func writesTheSystemFieldsFirstThenTheFieldsInStoredOrder() {
        let rendered = ObjectRendering.object(Self.object(["score": 1, "name": "a\"b"]))

        #expect(
            String(decoding: rendered, as: UTF8.self)
                == #"{"objectId":"7FrmPTBKSNtVjajm","createDate":"2013-12-02T02:44:35.452Z","updateDate":"2013-12-02T02:44:36.000Z","#
                + #""acl":{"*":{"read":true,"write":true}},"score":1,"name":"a\"b"}"#)
    }

    @Test(arguments: [
        JSONObject(),
        ["text": "line\nbreak \\ 日本語😀", "ratio": 2.5, "whole": 2.0, "flag": false, "nothing": nil],
        ["list": [1, "two", [3]], "nested": ["deeper": ["deepest": true]]],
        [
            "when": ["__type": "Date", "iso": "2013-12-02T02:44:35.452Z"],
            "where": ["__type": "GeoPoint", "latitude": 35.6, "longitude": 139.7],
        ],
        // A system name among the fields is never rendered twice.
        ["objectId": "shadow", "acl": "shadow", "kept": 1],
    ])
    func matchesTheSerializedWireForm(fields: JSONObject) {
        let owner = AccessControlList([
            "user1": AccessControlList.Permission(read: true, write: true), "role:Admin": AccessControlList.Permission(read: true),
        ])
        for acl in [AccessControlList.publicReadWrite, owner, AccessControlList()] {
            let object = Self.object(fields, acl: acl)

            #expect(ObjectRendering.object(object) == JSONValue.object(object.json).serializedBytes())
        }
    }

    @Test(arguments: [
        JSONObject(),
        ["text": "line\nbreak \\ 日本語😀", "ratio": 2.5, "whole": 2.0, "flag": false, "nothing": nil],
        ["owner": ["__type": "Pointer", "className": "BenchOwner", "objectId": "o1"], "list": [1, [2]]],
    ])
    func storedTextRendersLikeParsedFields(fields: JSONObject) {
        let parsed = Self.object(fields)
        var encoded = parsed
        encoded.storedFields = StoredFields(storedText: JSONValue.object(fields).serializedString())

        #expect(encoded.storedFields.encodedForRendering != nil)
        #expect(ObjectRendering.object(encoded) == ObjectRendering.object(parsed))
        #expect(ObjectRendering.findResponse([encoded, encoded], count: 2) == ObjectRendering.findResponse([parsed, parsed], count: 2))
    }

    @Test func storedTextWithAnEmbeddedObjectIsParsedAndRedacted() throws {
        let user: JSONObject = ["__type": "Object", "className": "user", "objectId": "u1", "authData": ["anonymous": ["id": "x"]]]
        var object = Self.object([:])
        object.storedFields = StoredFields(storedText: JSONValue.object(["owner": .object(user)]).serializedString())

        let rendered = try JSONValue(parsing: ObjectRendering.object(object))

        #expect(object.storedFields.encodedForRendering == nil)
        #expect(rendered.objectValue?["owner"]?.objectValue?["objectId"] == "u1")
        #expect(rendered.objectValue?["owner"]?.objectValue?["authData"] == nil)
    }

    @Test func removesAuthDataFromIncludedUsersAtAnyDepth() throws {
        let user: JSONObject = ["__type": "Object", "className": "user", "objectId": "u1", "authData": ["anonymous": ["id": "x"]]]
        let post: JSONObject = ["__type": "Object", "className": "Post", "objectId": "p1", "author": .object(user)]

        let rendered = try JSONValue(parsing: ObjectRendering.object(Self.object(["owner": .object(user), "post": .object(post)])))

        let fields = try #require(rendered.objectValue)
        #expect(fields["owner"]?.objectValue?["authData"] == nil)
        #expect(fields["owner"]?.objectValue?["objectId"] == "u1")
        #expect(fields["post"]?.objectValue?["author"]?.objectValue?["authData"] == nil)
        #expect(fields["post"]?.objectValue?["author"]?.objectValue?["className"] == "user")
    }

    @Test func writesTheFindEnvelopeWithAndWithoutCount() {
        let objects = [Self.object(["score": 1]), Self.object([:], acl: AccessControlList())]
        let results = JSONValue.array(objects.map { .object($0.json) })

        #expect(ObjectRendering.findResponse(objects, count: nil) == JSONValue.object(["results": results]).serializedBytes())
        #expect(ObjectRendering.findResponse(objects, count: 7) == JSONValue.object(["results": results, "count": 7]).serializedBytes())
        #expect(String(decoding: ObjectRendering.findResponse([], count: 0), as: UTF8.self) == #"{"results":[],"count":0}"#)
    }
}
