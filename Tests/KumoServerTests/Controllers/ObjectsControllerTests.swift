import Hummingbird
import HummingbirdTesting
import KumoServer
import KumoTestSupport
import NCMBWire
import Testing

/// `/classes/{class}` end to end through the in-process server on real SQLite
/// (docs/wire/endpoints/objects.md#fixtures).
@Suite struct ObjectsControllerTests {
    // MARK: Tests

    @Test func createAnswers201WithObjectIdAndCreateDate() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let response = try await requester.send(.post, "/2013-09-01/classes/TestClass", body: #"{"key":"value"}"#)

                #expect(response.status == .created)
                #expect(response.text == #"{"objectId":"0000000000000001","createDate":"2009-02-13T23:31:30.000Z"}"#)
            }
        }
    }

    @Test func getReturnsTheStoredObjectWithSystemFieldsFirst() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                _ = try await requester.send(
                    .post, "/2013-09-01/classes/TestClass", body: #"{"key":"value","acl":{"*":{"read":true,"write":true}}}"#)

                let response = try await requester.send(.get, "/2013-09-01/classes/TestClass/0000000000000001")

                #expect(response.status == .ok)
                #expect(
                    response.text
                        == #"{"objectId":"0000000000000001","createDate":"2009-02-13T23:31:30.000Z","updateDate":"2009-02-13T23:31:30.000Z","acl":{"*":{"read":true,"write":true}},"key":"value"}"#
                )
            }
        }
    }

    @Test func specialTypesRoundTripByteExact() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let fields =
                    #"{"date":{"__type":"Date","iso":"1999-12-31T23:59:59.999Z"},"geo":{"__type":"GeoPoint","latitude":35.6666269,"longitude":139.765607},"pointer":{"__type":"Pointer","className":"Component","objectId":"component_id"},"nested":{"a":[1,2.5,"x",null,true]},"unicode":"日本語 \"quoted\" /slash"}"#
                _ = try await requester.send(.post, "/2013-09-01/classes/Types", body: fields)

                let response = try await requester.send(.get, "/2013-09-01/classes/Types/0000000000000001")

                let text = response.text
                #expect(text.hasSuffix(String(fields.dropFirst())))
            }
        }
    }

    @Test func updateAppliesOperatorsAndAnswersUpdateDate() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                _ = try await requester.send(.post, "/2013-09-01/classes/Score", body: #"{"points":1,"tags":["a"]}"#)
                application.clock.advance(milliseconds: 1000)

                let update = try await requester.send(
                    .put, "/2013-09-01/classes/Score/0000000000000001",
                    body: #"{"points":{"__op":"Increment","amount":41},"tags":{"__op":"AddUnique","objects":["a","b"]},"createDate":"2000-01-01T00:00:00.000Z"}"#
                )
                let read = try await requester.send(.get, "/2013-09-01/classes/Score/0000000000000001")

                #expect(update.status == .ok)
                #expect(update.text == #"{"updateDate":"2009-02-13T23:31:31.000Z"}"#)
                let object = try #require(read.json?.objectValue)
                #expect(object["points"] == 42)
                #expect(object["tags"] == ["a", "b"])
                #expect(object["createDate"] == "2009-02-13T23:31:30.000Z")
            }
        }
    }

    @Test func clearingAFieldWithNullOrDeleteStoresNull() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                _ = try await requester.send(.post, "/2013-09-01/classes/Score", body: #"{"a":1,"b":2}"#)

                _ = try await requester.send(.put, "/2013-09-01/classes/Score/0000000000000001", body: #"{"a":null,"b":{"__op":"Delete"}}"#)
                let object = try #require(try await requester.send(.get, "/2013-09-01/classes/Score/0000000000000001").json?.objectValue)

                #expect(object["a"] == .null)
                #expect(object["b"] == .null)
            }
        }
    }

    @Test func deleteAnswersAnEmptyBodyAndTheObjectIsGone() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                _ = try await requester.send(.post, "/2013-09-01/classes/Score", body: #"{"a":1}"#)

                let delete = try await requester.send(.delete, "/2013-09-01/classes/Score/0000000000000001")
                let read = try await requester.send(.get, "/2013-09-01/classes/Score/0000000000000001")

                #expect(delete.status == .ok)
                #expect(delete.body.readableBytes == 0)
                #expect(read.status == .notFound)
                #expect(read.text == #"{"code":"E404001","error":"No data available."}"#)
            }
        }
    }

    @Test(arguments: [
        (method: HTTPRequest.Method.get, target: "/2013-09-01/classes/Score/missing0000000", body: nil as String?),
        (method: .put, target: "/2013-09-01/classes/Score/missing0000000", body: #"{"a":1}"#),
        (method: .delete, target: "/2013-09-01/classes/Score/missing0000000", body: nil),
    ])
    func missingObjectsAreE404001(method: HTTPRequest.Method, target: String, body: String?) async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let response = try await requester.send(method, target, body: body)

                #expect(response.status == .notFound)
                #expect(response.errorCode == "E404001")
            }
        }
    }

    @Test func objectsWithoutPublicReadAreInvisibleToAnonymousCallers() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                _ = try await requester.send(.post, "/2013-09-01/classes/Secret", body: #"{"a":1,"acl":{"user1":{"read":true,"write":true}}}"#)
                _ = try await requester.send(.post, "/2013-09-01/classes/Secret", body: #"{"a":2}"#)

                let read = try await requester.send(.get, "/2013-09-01/classes/Secret/0000000000000001")
                let update = try await requester.send(.put, "/2013-09-01/classes/Secret/0000000000000001", body: #"{"a":3}"#)
                let delete = try await requester.send(.delete, "/2013-09-01/classes/Secret/0000000000000001")
                let find = try await requester.send(.get, "/2013-09-01/classes/Secret?count=1")

                #expect(read.errorCode == "E404001")
                #expect(update.errorCode == "E404001")
                #expect(delete.errorCode == "E404001")
                #expect(find.json?.objectValue?["count"] == 1)
                #expect(find.json?.objectValue?["results"]?.arrayValue?.count == 1)
            }
        }
    }

    @Test func readableButNotWritableObjectsAreE403001OnWrite() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                _ = try await requester.send(.post, "/2013-09-01/classes/ReadOnly", body: #"{"a":1,"acl":{"*":{"read":true}}}"#)

                let update = try await requester.send(.put, "/2013-09-01/classes/ReadOnly/0000000000000001", body: #"{"a":3}"#)
                let delete = try await requester.send(.delete, "/2013-09-01/classes/ReadOnly/0000000000000001")
                let read = try await requester.send(.get, "/2013-09-01/classes/ReadOnly/0000000000000001")

                #expect(update.status == .forbidden)
                #expect(update.text == #"{"code":"E403001","error":"No access with ACL."}"#)
                #expect(delete.errorCode == "E403001")
                #expect(read.json?.objectValue?["a"] == 1)
            }
        }
    }
}
