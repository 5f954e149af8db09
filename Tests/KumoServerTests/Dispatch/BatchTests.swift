import HTTPTypes
import HummingbirdTesting
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `POST /2013-09-01/batch` (docs/wire/endpoints/batch.md, docs/decisions/0056-transactional-batch.md).
@Suite struct BatchTests {
    static let path = "/2013-09-01/batch"

    @Test(arguments: TestDatabase.engines)
    func answersEachSubRequestInOrderAndGoesOnAfterAFailure(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                let existing = try await requester.createObject(at: "/2013-09-01/classes/food", #"{"key":1}"#)
                let body = #"{"requests":[{"method":"POST","path":"2013-09-01/classes/food","body":{"key":"value1"}},"#
                    + #"{"method":"PUT","path":"2013-09-01/classes/food/\#(existing)","body":{"key":{"__op":"Increment","amount":1}}},"#
                    + #"{"method":"PUT","path":"2013-09-01/classes/food/missing","body":{"key":2}},"#
                    + #"{"method":"GET","path":"/classes/food/\#(existing)"}]}"#

                let response = try await requester.send(.post, Self.path, body: body)

                #expect(response.status == .ok, "\(response.text)")
                let results = try #require(response.json?.arrayValue)
                #expect(results.count == 4)
                let created = try #require(results[0].objectValue?["success"]?.objectValue)
                #expect(created.keys.sorted() == ["createDate", "objectId"])
                #expect(results[1].objectValue?["success"]?.objectValue?.keys.sorted() == ["updateDate"])
                #expect(results[2] == ["error": ["code": "E404001", "error": "No data available."]])
                #expect(results[3].objectValue?["success"]?.objectValue?["key"] == 2)
                let createdId = try #require(created["objectId"]?.stringValue)
                let stored = try await requester.send(.get, "/2013-09-01/classes/food/\(createdId)")
                #expect(stored.json?.objectValue?["key"] == "value1")
            }
        }
    }

    @Test func aSubRequestMeetsTheACLAndValidationItWouldMeetAlone() async throws {
        try await TestApplication.withRequester { _, requester in
            let locked = try await requester.createObject(at: "/2013-09-01/classes/food", #"{"acl":{"nobody":{"read":true,"write":true}}}"#)
            let requests: [(method: HTTPRequest.Method, path: String, body: String?)] = [
                (.put, "/2013-09-01/classes/food/\(locked)", #"{"key":1}"#),
                (.delete, "/2013-09-01/classes/food/\(locked)", nil),
                (.post, "/2013-09-01/classes/food", #"{"bad name!":1}"#),
                (.post, "/2013-09-01/classes/food", #"{"place":{"__type":"GeoPoint","latitude":91,"longitude":0}}"#),
                (.get, "/2013-09-01/classes/food/\(locked)", nil),
            ]
            var alone: [JSONValue] = []
            for request in requests {
                let response = try await requester.send(request.method, request.path, body: request.body)
                #expect(response.status.code >= 400, "\(request.path): \(response.text)")
                alone.append(["error": try #require(response.json)])
            }
            let elements = requests.map { request in
                #"{"method":"\#(request.method.rawValue)","path":"\#(request.path)""# + (request.body.map { #","body":\#($0)"# } ?? "") + "}"
            }

            let response = try await requester.send(.post, Self.path, body: #"{"requests":["# + elements.joined(separator: ",") + "]}")

            #expect(response.status == .ok)
            #expect(response.json == .array(alone))
        }
    }

    @Test func moreThanFiftySubRequestsAre413() async throws {
        try await TestApplication.withRequester { _, requester in
            let element = #"{"method":"POST","path":"2013-09-01/classes/food","body":{"key":1}}"#
            let fifty = #"{"requests":["# + Array(repeating: element, count: 50).joined(separator: ",") + "]}"
            let fiftyOne = #"{"requests":["# + Array(repeating: element, count: 51).joined(separator: ",") + "]}"

            let refused = try await requester.send(.post, Self.path, body: fiftyOne)
            let countAfterRefusal = try await requester.send(.get, "/2013-09-01/classes/food?count=1&limit=0")
            let accepted = try await requester.send(.post, Self.path, body: fifty)

            #expect(refused.status.code == 413)
            #expect(refused.text == #"{"code":"E413003","error":"Requests thread limit error."}"#)
            #expect(countAfterRefusal.json?.objectValue?["count"] == 0)
            #expect(accepted.status == .ok)
            #expect(accepted.json?.arrayValue?.count == 50)
        }
    }

    @Test(arguments: [
        (#"{}"#, 400, #"{"code":"E400003","error":"requests is empty."}"#),
        (#"{"requests":{}}"#, 400, #"{"code":"E400002","error":"requests is invalid."}"#),
        (#"{"requests":[{"path":"classes/food"}]}"#, 400, #"{"code":"E400002","error":"requests is invalid."}"#),
        (#"{"requests":[],"transaction":"yes"}"#, 400, #"{"code":"E400002","error":"transaction is invalid."}"#),
        (#"{"requests":[{"method":"POST","path":"users","body":{"userName":"a","password":"b"}}],"transaction":true}"#, 400,
            #"{"code":"E400002","error":"transaction is invalid."}"#),
    ])
    func refusesAMalformedBatch(body: String, status: Int, error: String) async throws {
        try await TestApplication.withRequester { _, requester in
            let response = try await requester.send(.post, Self.path, body: body)

            #expect(response.status.code == status)
            #expect(response.text == error)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aTransactionAppliesEverySubRequest(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                let existing = try await requester.createObject(at: "/2013-09-01/classes/food", #"{"key":1}"#)
                let body = #"{"transaction":true,"requests":[{"method":"POST","path":"2013-09-01/classes/food","body":{"key":"new"}},"#
                    + #"{"method":"PUT","path":"2013-09-01/classes/food/\#(existing)","body":{"key":{"__op":"Increment","amount":1}}}]}"#

                let response = try await requester.send(.post, Self.path, body: body)

                #expect(response.status == .ok, "\(response.text)")
                let results = try #require(response.json?.arrayValue)
                #expect(results.count == 2)
                #expect(results.allSatisfy { $0.objectValue?["success"] != nil })
                let updated = try await requester.send(.get, "/2013-09-01/classes/food/\(existing)")
                #expect(updated.json?.objectValue?["key"] == 2)
                let count = try await requester.send(.get, "/2013-09-01/classes/food?count=1&limit=0")
                #expect(count.json?.objectValue?["count"] == 2)
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aTransactionWithAnInvalidSubRequestAnswersItsErrorAndAppliesNone(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                let body = #"{"transaction":true,"requests":[{"method":"POST","path":"2013-09-01/classes/food","body":{"key":"new"}},"#
                    + #"{"method":"POST","path":"2013-09-01/classes/food","body":{"bad name!":1}}]}"#

                let response = try await requester.send(.post, Self.path, body: body)

                #expect(response.status == .badRequest, "\(response.text)")
                #expect(response.errorCode == "E400002")
                let count = try await requester.send(.get, "/2013-09-01/classes/food?count=1&limit=0")
                #expect(count.json?.objectValue?["count"] == 0)
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aTransactionWithAFailingSubRequestAppliesNone(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                let existing = try await requester.createObject(at: "/2013-09-01/classes/food", #"{"key":1}"#)
                let body = #"{"transaction":true,"requests":[{"method":"POST","path":"2013-09-01/classes/food","body":{"key":"new"}},"#
                    + #"{"method":"PUT","path":"2013-09-01/classes/food/\#(existing)","body":{"key":{"__op":"Increment","amount":1}}},"#
                    + #"{"method":"DELETE","path":"2013-09-01/classes/food/missing"}]}"#

                let response = try await requester.send(.post, Self.path, body: body)

                #expect(response.status == .notFound)
                #expect(response.text == #"{"code":"E404001","error":"No data available."}"#)
                let unchanged = try await requester.send(.get, "/2013-09-01/classes/food/\(existing)")
                #expect(unchanged.json?.objectValue?["key"] == 1)
                let count = try await requester.send(.get, "/2013-09-01/classes/food?count=1&limit=0")
                #expect(count.json?.objectValue?["count"] == 1)
            }
        }
    }
}
