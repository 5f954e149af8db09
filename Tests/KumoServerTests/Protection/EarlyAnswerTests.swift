import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoTestSupport
import NCMBWire
import Testing

/// A request refused before its body is read (unknown method, unknown path, bad signature) still has its body read and
/// dropped, so a client that sends its whole body before reading the answer gets the answer and can go on (found by the
/// bad-input run of issue 13: such clients waited on a full socket until they gave up).
@Suite(.timeLimit(.minutes(1))) struct EarlyAnswerTests {
    static let body = #"{"a":""# + String(repeating: "x", count: 2_000_000) + #""}"#

    @Test(arguments: [
        ("PROPFIND", "/2013-09-01/classes/T", 405),
        ("DELETE", "/2013-09-01/batch", 405),
        ("POST", "/2013-09-01/nowhere/at/all", 404),
    ])
    func aRefusalBeforeTheBodyStepReadsTheBodyAndTheConnectionGoesOn(method: String, path: String, status: Int) async throws {
        try await TestApplication.with { application in
            try await application.testLive { _, client in
                let refused = try await client.send(try #require(HTTPRequest.Method(method)), path, body: Self.body)
                let next = try await client.send(.get, "/2013-09-01/classes/T")

                #expect(refused.status.code == status)
                #expect(refused.json?.objectValue?["code"] != nil, "NCMB JSON")
                #expect(next.status.code == 200)
            }
        }
    }

    @Test func aBadSignatureWithABodyIsAnsweredAndTheConnectionGoesOn() async throws {
        try await TestApplication.with { application in
            try await application.testLive { _, client in
                let refused = try await client.send(.post, "/2013-09-01/classes/T", body: Self.body, clientKey: "wrong")
                let next = try await client.send(.get, "/2013-09-01/classes/T")

                #expect(refused.status.code == 401)
                #expect(next.status.code == 200)
            }
        }
    }
}
