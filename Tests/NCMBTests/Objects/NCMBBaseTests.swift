import Foundation
import NCMB
import NCMBWire
import Testing

/// Field access by subscript: what a value becomes on the wire and what reads back (docs/wire/field-types.md).
@Suite struct NCMBBaseTests {
    let transport = RecordingTransport()

    func makeObject() -> NCMBObject {
        NCMBContext.$current.withValue(.test(transport: transport)) { NCMBObject(className: "Sample") }
    }

    /// Saves `object` as a new object and returns the body sent.
    func createBody(of object: NCMBObject, expecting fields: JSONObject) async throws -> String {
        transport.expect(
            .objects(try .named("Sample"), .create(fields)),
            reply: .json(201, #"{"objectId":"0000000000000001","createDate":"2009-02-13T23:31:30.000Z"}"#))
        try await object.save()
        return String(decoding: try #require(transport.requests.last).body, as: UTF8.self)
    }

    /// A stored object whose field `value` holds `json`, as a fetch returns it.
    func fetchedObject(valueJSON json: String) async throws -> NCMBObject {
        let object = makeObject()
        object.objectId = "0000000000000001"
        transport.expect(
            .objects(try .named("Sample"), .get(objectId: "0000000000000001")),
            reply: .json(200, #"{"objectId":"0000000000000001","value":"# + json + "}"))
        try await object.fetch()
        return object
    }

    // MARK: Tests

    @Test func scalarsArraysAndDictionariesTravelAsPlainJSON() async throws {
        let object = makeObject()
        object["string"] = "ramen"
        object["integer"] = 42
        object["double"] = 2.5
        object["flag"] = true
        object["array"] = [1, 2, 3]
        object["dictionary"] = ["b": 2, "a": "x"] as [String: Any]
        object["empty"] = NSNull()

        let body = try await createBody(
            of: object,
            expecting: [
                "string": "ramen", "integer": 42, "double": 2.5, "flag": true, "array": [1, 2, 3], "dictionary": ["a": "x", "b": 2],
                "empty": nil,
            ])

        #expect(
            body == #"{"string":"ramen","integer":42,"double":2.5,"flag":true,"array":[1,2,3],"dictionary":{"a":"x","b":2},"empty":null}"#)
    }

    @Test func typedValuesTravelInTheirWireForm() async throws {
        let object = makeObject()
        object["date"] = Date(timeIntervalSince1970: 1_453_766_400.5)
        object["dateField"] = NCMBDateField(date: Date(timeIntervalSince1970: 0))
        object["pointer"] = NCMBPointer(className: "food", objectId: "7FrmPTBKSNtVjajm")
        object["location"] = NCMBGeoPoint(latitude: 35.6666269, longitude: 139.765607)
        object["members"] = NCMBRelation(className: "user")

        let body = try await createBody(
            of: object,
            expecting: [
                "date": ["__type": "Date", "iso": "2016-01-26T00:00:00.500Z"],
                "dateField": ["__type": "Date", "iso": "1970-01-01T00:00:00.000Z"],
                "pointer": ["__type": "Pointer", "className": "food", "objectId": "7FrmPTBKSNtVjajm"],
                "location": ["__type": "GeoPoint", "latitude": 35.6666269, "longitude": 139.765607],
                "members": ["__type": "Relation", "className": "user"],
            ])

        #expect(body.contains(#""date":{"__type":"Date","iso":"2016-01-26T00:00:00.500Z"}"#))
    }

    @Test func operatorsTravelInTheirWireForm() async throws {
        let object = makeObject()
        let pointer = NCMBPointer(className: "user", objectId: "0000000000000007")
        object["count"] = NCMBIncrementOperator(amount: 2)
        object["ratio"] = NCMBIncrementOperator(amount: -0.5)
        object["tags"] = NCMBAddOperator(elements: ["a", 1, nil])
        object["uniqueTags"] = NCMBAddUniqueOperator(elements: ["b"])
        object["oldTags"] = NCMBRemoveOperator(elements: ["c"])
        object["friends"] = NCMBAddRelationOperator(elements: [pointer])
        object["enemies"] = NCMBRemoveRelationOperator(elements: [pointer])

        _ = try await createBody(
            of: object,
            expecting: [
                "count": ["__op": "Increment", "amount": 2], "ratio": ["__op": "Increment", "amount": -0.5],
                "tags": ["__op": "Add", "objects": ["a", 1, nil]], "uniqueTags": ["__op": "AddUnique", "objects": ["b"]],
                "oldTags": ["__op": "Remove", "objects": ["c"]], "friends": ["__op": "AddRelation", "objects": [pointer.wire]],
                "enemies": ["__op": "RemoveRelation", "objects": [pointer.wire]],
            ])

        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test func aSavedObjectAssignedToAFieldBecomesAPointer() async throws {
        let object = makeObject()
        let player = makeObject()
        player.objectId = "0000000000000005"
        object["player"] = player
        object["players"] = [player]

        _ = try await createBody(
            of: object,
            expecting: [
                "player": ["__type": "Pointer", "className": "Sample", "objectId": "0000000000000005"],
                "players": [["__type": "Pointer", "className": "Sample", "objectId": "0000000000000005"]],
            ])

        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test func integerTypesOfEveryWidthTravelAsIntegers() async throws {
        let object = makeObject()
        object["a"] = Int8(-8)
        object["b"] = Int16(16)
        object["c"] = Int32(32)
        object["d"] = Int64(64)
        object["e"] = UInt(1)
        object["f"] = UInt8(8)
        object["g"] = UInt16(16)
        object["h"] = UInt32(32)
        object["i"] = UInt64(64)
        object["j"] = Float(0.5)
        object["k"] = NSNumber(value: 7)
        object["l"] = "sub"[...]

        _ = try await createBody(
            of: object,
            expecting: [
                "a": -8, "b": 16, "c": 32, "d": 64, "e": 1, "f": 8, "g": 16, "h": 32, "i": 64, "j": 0.5, "k": 7, "l": "sub",
            ])

        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test(arguments: [
        UInt64.max as any Sendable, Float.nan, NCMBGeoPoint(latitude: .nan, longitude: 0), NCMBIncrementOperator(amount: Double.infinity),
        Date(timeIntervalSince1970: 1e300), [Double.nan], ["key": Double.infinity], URL(fileURLWithPath: "/"),
    ])
    func valuesThatCannotBeJSONAreRejected(value: any Sendable) async throws {
        let object = makeObject()
        object["value"] = value

        let error = await #expect(throws: NCMBInvalidRequestError.self) { try await object.save() }

        #expect(error == .invalidBodyJsonValue)
    }

    @Test func pointersAndRelationOperatorsWithoutObjectIdAreRejected() async throws {
        let object = makeObject()
        object["pointer"] = NCMBPointer(className: "user", objectId: "")

        let error = await #expect(throws: NCMBInvalidRequestError.self) { try await object.save() }

        #expect(error == .emptyObjectId)
    }

    @Test func assigningSystemFieldsBySubscriptIsIgnored() async throws {
        let object = makeObject()
        object["objectId"] = "forged"
        object["acl"] = ["*": ["read": true]]
        object["createDate"] = "2020-01-01T00:00:00.000Z"
        object["updateDate"] = "2020-01-01T00:00:00.000Z"

        _ = try await createBody(of: object, expecting: [:])

        #expect(object.objectId == "0000000000000001")
    }

    @Test func typedValuesReadBackAsTheSDKTypes() async throws {
        let object = try await fetchedObject(valueJSON: #"{"__type":"Date","iso":"2016-01-26T00:00:00.000Z"}"#)

        let date: Date? = object["value"]
        let dateField: NCMBDateField? = object["value"]

        #expect(date == Date(timeIntervalSince1970: 1_453_766_400))
        #expect(dateField?.date == Date(timeIntervalSince1970: 1_453_766_400))
    }

    @Test(arguments: [
        (#"{"__type":"Pointer","className":"food","objectId":"x1"}"#, "NCMBPointer(className: \"food\", objectId: \"x1\")"),
        (#"{"__type":"GeoPoint","latitude":1.5,"longitude":-2}"#, "NCMBGeoPoint(latitude: 1.5, longitude: -2.0)"),
        (#"{"__type":"Relation","className":"user"}"#, "NCMBRelation(className: \"user\")"),
    ])
    func pointersGeoPointsAndRelationsReadBackAsTheSDKTypes(json: String, expected: String) async throws {
        let object = try await fetchedObject(valueJSON: json)

        let value: Any? = object["value"]

        #expect(value.map { String(describing: $0) } == expected)
    }

    @Test func operatorsReadBackAsOperatorTypes() async throws {
        let object = makeObject()
        object["count"] = NCMBIncrementOperator(amount: 3)
        object["ratio"] = NCMBIncrementOperator(amount: 0.25)
        object["tags"] = NCMBAddOperator(elements: ["a", nil])
        object["unique"] = NCMBAddUniqueOperator(elements: [1])
        object["old"] = NCMBRemoveOperator(elements: [true])
        object["friends"] = NCMBAddRelationOperator(elements: [NCMBPointer(className: "user", objectId: "u1")])
        object["enemies"] = NCMBRemoveRelationOperator(elements: [NCMBPointer(className: "user", objectId: "u2")])

        let count: NCMBIncrementOperator? = object["count"]
        let ratio: NCMBIncrementOperator? = object["ratio"]
        let tags: NCMBAddOperator? = object["tags"]
        let unique: NCMBAddUniqueOperator? = object["unique"]
        let old: NCMBRemoveOperator? = object["old"]
        let friends: NCMBAddRelationOperator? = object["friends"]
        let enemies: NCMBRemoveRelationOperator? = object["enemies"]

        #expect(count?.amount as? Int == 3)
        #expect(ratio?.amount as? Double == 0.25)
        #expect(tags?.elements.count == 2)
        #expect(tags?.elements.first as? String == "a")
        #expect(unique?.elements.first as? Int == 1)
        #expect(old?.elements.first as? Bool == true)
        #expect(friends?.elements == [NCMBPointer(className: "user", objectId: "u1")])
        #expect(enemies?.elements == [NCMBPointer(className: "user", objectId: "u2")])
    }

    @Test func numbersReadBackAsAnyNumericTypeThatHoldsThemExactly() async throws {
        let object = try await fetchedObject(valueJSON: "42")

        let integer: Int? = object["value"]
        let wide: Int64? = object["value"]
        let narrow: Int32? = object["value"]
        let unsigned: UInt? = object["value"]
        let double: Double? = object["value"]
        let float: Float? = object["value"]
        let string: String? = object["value"]
        let any: Any? = object["value"]

        #expect(integer == 42)
        #expect(wide == 42)
        #expect(narrow == 42)
        #expect(unsigned == 42)
        #expect(double == 42)
        #expect(float == 42)
        #expect(string == nil)
        #expect(any as? Int == 42)
    }

    @Test func aFractionalNumberDoesNotReadBackAsAnInteger() async throws {
        let object = try await fetchedObject(valueJSON: "2.5")

        let integer: Int? = object["value"]
        let double: Double? = object["value"]

        #expect(integer == nil)
        #expect(double == 2.5)
    }

    @Test func containersReadBackAsSwiftCollections() async throws {
        let object = try await fetchedObject(valueJSON: #"{"list":[1,"a",null,true],"nested":{"__type":"Pointer"}}"#)

        let dictionary: [String: Any]? = object["value"]

        let list = try #require(dictionary?["list"] as? [Any])
        #expect(list.count == 4)
        #expect(list[0] as? Int == 1)
        #expect(list[1] as? String == "a")
        #expect(list[2] is NSNull)
        #expect(list[3] as? Bool == true)
        #expect((dictionary?["nested"] as? [String: Any])?["__type"] as? String == "Pointer")
    }

    @Test func aMissingFieldReadsAsNil() {
        let object = makeObject()

        let value: String? = object["missing"]

        #expect(value == nil)
    }

    @Test func theACLReadsBackAsSet() {
        let object = makeObject()
        var acl = NCMBACL.empty
        acl.put(key: "role:Admin", readable: true, writable: true)

        object.acl = acl

        #expect(object.acl == acl)
        object.acl = nil
        #expect(object.acl == nil)
    }

    @Test func descriptionListsTheClassTheObjectIdAndTheOtherFieldsSortedByName() {
        let object = makeObject()
        object.objectId = "0000000000000001"
        object["name"] = "ramen"
        object["price"] = 900
        object["acl"] = ["ignored": true]

        #expect(object.description == "{className=Sample,objectId=0000000000000001,name=ramen,price=900}")
    }
}

extension NCMBPointer {
    /// The wire form, for expected routes.
    var wire: JSONValue { ["__type": "Pointer", "className": .string(className), "objectId": .string(objectId)] }
}
