import HTTPTypes
import HummingbirdTesting
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The two wire gaps of issue 15: an empty Relation marker declares a relation
/// (docs/decisions/0058-empty-relation-marker.md), and a field holds GeoPoints or other values, never both
/// (docs/decisions/0057-geopoint-fields-keep-their-kind.md, fixture F17).
@Suite struct FieldKindTests {
    static let geoPoint = #"{"__type":"GeoPoint","latitude":35.5,"longitude":139.5}"#
    static let refused = #"{"code":"E403006","error":"Invalid GeoPoint value."}"#

    @Test(arguments: TestDatabase.engines)
    func anEmptyRelationMarkerDeclaresARelation(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                let objectId = try await requester.createObject(at: "/2013-09-01/classes/Team", #"{"members":{"__type":"Relation","className":"user"}}"#)
                let again = try await requester.send(
                    .put, "/2013-09-01/classes/Team/\(objectId)", body: #"{"members":{"__type":"Relation","className":"user"}}"#)
                let otherClass = try await requester.send(
                    .put, "/2013-09-01/classes/Team/\(objectId)", body: #"{"members":{"__type":"Relation","className":"role"}}"#)
                let withKeys = try await requester.send(
                    .put, "/2013-09-01/classes/Team/\(objectId)", body: #"{"other":{"__type":"Relation","className":"user","x":1}}"#)
                let stored = try await requester.send(.get, "/2013-09-01/classes/Team/\(objectId)")

                #expect(again.status == .ok, "\(again.text)")
                #expect(otherClass.status == .badRequest)
                #expect(otherClass.text == #"{"code":"E400002","error":"members is invalid."}"#)
                #expect(withKeys.text == #"{"code":"E400002","error":"other is invalid."}"#)
                #expect(stored.json?.objectValue?["members"] == ["__type": "Relation", "className": "user"])
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aGeoPointIntoAFieldOfNumbersIsF17(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                let number = try await requester.createObject(at: "/2013-09-01/classes/Place", #"{"spot":1}"#)
                _ = try await requester.createObject(at: "/2013-09-01/classes/Place", #"{"spot":2}"#)

                let create = try await requester.send(.post, "/2013-09-01/classes/Place", body: #"{"spot":\#(Self.geoPoint)}"#)
                let update = try await requester.send(.put, "/2013-09-01/classes/Place/\(number)", body: #"{"spot":\#(Self.geoPoint)}"#)
                let otherField = try await requester.send(.post, "/2013-09-01/classes/Place", body: #"{"where":\#(Self.geoPoint)}"#)

                #expect(create.status == .forbidden)
                #expect(create.text == Self.refused)
                #expect(update.text == Self.refused)
                #expect(otherField.status == .created)
                let stored = try await requester.send(.get, "/2013-09-01/classes/Place/\(number)")
                #expect(stored.json?.objectValue?["spot"] == 1)
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func theLastOtherValueOfAFieldMayBecomeAGeoPoint(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                let only = try await requester.createObject(at: "/2013-09-01/classes/Place", #"{"spot":1}"#)

                let update = try await requester.send(.put, "/2013-09-01/classes/Place/\(only)", body: #"{"spot":\#(Self.geoPoint)}"#)
                let number = try await requester.send(.post, "/2013-09-01/classes/Place", body: #"{"spot":3}"#)

                #expect(update.status == .ok, "\(update.text)")
                #expect(number.text == Self.refused)
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aNumberIntoAGeoPointFieldIsF17AndNullStaysAllowed(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                let place = try await requester.createObject(at: "/2013-09-01/classes/Place", #"{"spot":\#(Self.geoPoint)}"#)

                let number = try await requester.send(.post, "/2013-09-01/classes/Place", body: #"{"spot":"Tokyo"}"#)
                let update = try await requester.send(.put, "/2013-09-01/classes/Place/\(place)", body: #"{"spot":[1,2]}"#)
                let cleared = try await requester.send(.put, "/2013-09-01/classes/Place/\(place)", body: #"{"spot":null}"#)
                let another = try await requester.send(.post, "/2013-09-01/classes/Place", body: #"{"spot":\#(Self.geoPoint)}"#)

                #expect(number.status == .forbidden)
                #expect(number.text == Self.refused)
                #expect(update.text == Self.refused)
                #expect(cleared.status == .ok)
                #expect(another.status == .created)
            }
        }
    }
}
