import Hummingbird
import HummingbirdTesting
import KumoServer
import KumoTestSupport
import NCMBWire
import Testing

/// Bad input gets NCMB error JSON with the right code and writes nothing (issue: Foundation, "Bad input").
@Suite struct BadInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let method: HTTPRequest.Method
        let target: String
        let body: String?
        let status: HTTPResponse.Status
        let expected: String
        var testDescription: String { "\(method) \(target) \(body ?? "")" }
    }

    static let cases: [Case] = [
        Case(method: .post, target: "/2013-09-01/classes/Food", body: #"{"name":"#, status: .badRequest,
             expected: #"{"code":"E400001","error":"JSON is invalid format."}"#),
        Case(method: .post, target: "/2013-09-01/classes/Food", body: #"["not","an","object"]"#, status: .badRequest,
             expected: #"{"code":"E400001","error":"JSON is invalid format."}"#),
        Case(method: .post, target: "/2013-09-01/classes/Food", body: #"{"na-me":"x"}"#, status: .badRequest,
             expected: #"{"code":"E400002","error":"na-me is invalid."}"#),
        Case(method: .post, target: "/2013-09-01/classes/Food", body: #"{"_id":"x"}"#, status: .badRequest,
             expected: #"{"code":"E400002","error":"_id is invalid."}"#),
        Case(method: .post, target: "/2013-09-01/classes/Fo-od", body: #"{"a":1}"#, status: .badRequest,
             expected: #"{"code":"E400002","error":"Fo-od is invalid."}"#),
        Case(method: .post, target: "/2013-09-01/classes/user", body: #"{"a":1}"#, status: .forbidden,
             expected: #"{"code":"E403003","error":"Operation that are prohibited."}"#),
        Case(method: .post, target: "/2013-09-01/classes/Food", body: #"{"d":{"__type":"Date","iso":"yesterday"}}"#,
             status: .badRequest, expected: #"{"code":"E400004","error":"d is invalid format."}"#),
        Case(method: .post, target: "/2013-09-01/classes/Food", body: #"{"g":{"__type":"GeoPoint","latitude":91,"longitude":0}}"#,
             status: .forbidden, expected: #"{"code":"E403006","error":"Invalid GeoPoint value."}"#),
        Case(method: .post, target: "/2013-09-01/classes/Food", body: #"{"p":{"__type":"Pointer","className":"X"}}"#,
             status: .badRequest, expected: #"{"code":"E400002","error":"p is invalid."}"#),
        Case(method: .post, target: "/2013-09-01/classes/Food", body: #"{"n":{"__op":"Explode"}}"#, status: .badRequest,
             expected: #"{"code":"E400002","error":"n is invalid."}"#),
        Case(method: .post, target: "/2013-09-01/classes/Food", body: #"{"acl":{"*":{"read":"yes"}}}"#, status: .badRequest,
             expected: #"{"code":"E400002","error":"acl is invalid."}"#),
        Case(method: .get, target: "/2013-09-01/classes/Food?where=%7Bbroken", body: nil, status: .badRequest,
             expected: #"{"code":"E400001","error":"JSON is invalid format."}"#),
        Case(method: .get, target: "/2013-09-01/classes/Food?where=%7B%22n%22%3A%7B%22%24foo%22%3A1%7D%7D", body: nil,
             status: .badRequest, expected: #"{"code":"E400002","error":"$foo is invalid."}"#),
        Case(method: .get, target: "/2013-09-01/classes/Food?where=%7B%22n%22%3A%7B%22%24gt%22%3A%5B1%5D%7D%7D", body: nil,
             status: .badRequest, expected: #"{"code":"E400002","error":"n is invalid."}"#),
        Case(method: .get, target: "/2013-09-01/classes/Food?where=%7B%22bad-name%22%3A1%7D", body: nil, status: .badRequest,
             expected: #"{"code":"E400002","error":"bad-name is invalid."}"#),
        Case(method: .get, target: "/2013-09-01/classes/Food?limit=1001", body: nil, status: .badRequest,
             expected: #"{"code":"E400005","error":"limit is not a valid value."}"#),
        Case(method: .get, target: "/2013-09-01/classes/Food?limit=-1", body: nil, status: .badRequest,
             expected: #"{"code":"E400005","error":"limit is not a valid value."}"#),
        Case(method: .get, target: "/2013-09-01/classes/Food?limit=ten", body: nil, status: .badRequest,
             expected: #"{"code":"E400005","error":"limit is not a valid value."}"#),
        Case(method: .get, target: "/2013-09-01/classes/Food?skip=-5", body: nil, status: .badRequest,
             expected: #"{"code":"E400005","error":"skip is not a valid value."}"#),
        Case(method: .get, target: "/2013-09-01/classes/Food?order=-na%20me", body: nil, status: .badRequest,
             expected: #"{"code":"E400002","error":"-na me is invalid."}"#),
    ]

    // MARK: Tests

    @Test(arguments: cases)
    func badInputIsRejectedWithItsNCMBError(testCase: Case) async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let response = try await requester.send(testCase.method, testCase.target, body: testCase.body)
                let afterwards = try await requester.send(.get, "/2013-09-01/classes/Food?count=1&limit=0")

                #expect(response.status == testCase.status)
                #expect(response.text == testCase.expected)
                #expect(afterwards.text == #"{"results":[],"count":0}"#)
            }
        }
    }

    @Test func aBodyOverTheLimitIsE413002() async throws {
        try await TestApplication.with(configure: { $0.maximumBodySize = 1024 }) { application in
            try await application.test { requester in
                let body = #"{"blob":""# + String(repeating: "x", count: 2000) + #""}"#

                let response = try await requester.send(.post, "/2013-09-01/classes/Food", body: body)

                #expect(response.status == .contentTooLarge)
                #expect(response.text == #"{"code":"E413002","error":"Request entity too large."}"#)
            }
        }
    }

    @Test func aFailedUpdateChangesNothing() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                _ = try await requester.send(.post, "/2013-09-01/classes/Food", body: #"{"name":"ramen","price":900}"#)

                let response = try await requester.send(
                    .put, "/2013-09-01/classes/Food/0000000000000001",
                    body: #"{"price":{"__op":"Increment","amount":100},"name":{"__op":"Increment","amount":1}}"#)
                let object = try #require(try await requester.send(.get, "/2013-09-01/classes/Food/0000000000000001").json?.objectValue)

                #expect(response.status == .badRequest)
                #expect(response.errorCode == "E400002")
                #expect(object["price"] == 900)
                #expect(object["name"] == "ramen")
            }
        }
    }

    @Test func reservedFieldsInBodiesAreIgnored() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let create = try await requester.send(
                    .post, "/2013-09-01/classes/Food",
                    body: #"{"objectId":"mine","createDate":"2000-01-01T00:00:00.000Z","updateDate":"x","name":"ramen"}"#)

                #expect(create.status == .created)
                #expect(create.json?.objectValue?["objectId"] == "0000000000000001")
            }
        }
    }

    @Test func anUnsupportedContentTypeIsE415001() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let response = try await requester.send(
                    .post, "/2013-09-01/classes/Food", body: "<xml/>", headers: ["Content-Type": "application/xml"])

                #expect(response.status == .unsupportedMediaType)
                #expect(response.errorCode == "E415001")
            }
        }
    }
}
