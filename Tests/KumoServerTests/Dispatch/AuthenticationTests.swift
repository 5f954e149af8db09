import Hummingbird
import HummingbirdTesting
import KumoServer
import KumoTestSupport
import NCMBWire
import Testing

/// The pipeline's first steps: endpoint, application, signature (docs/wire/signature.md#server-verification-procedure,
/// docs/wire/signature.md#request-processing-order-and-authentication-errors,
/// docs/decisions/0007-response-signature-everywhere.md, docs/decisions/0009-authentication-failures.md).
@Suite struct AuthenticationTests {
    /// The documented GET of docs/wire/signature.md#r1, exactly as the doc's curl sends it.
    let documentedTarget = "/2013-09-01/classes/TestClass?where=%7B%22testKey%22%3A%22testValue%22%7D"
    let documentedTimestamp = "2013-12-02T02:44:35.452Z"
    let documentedSignature = "AltGkQgXurEV7u0qMd+87ud7BKuueldoCjaMgVc9Bes="

    func documentedHeaders(signature: String) -> [String: String] {
        [
            NCMBHeaderName.applicationKey: TestKeys.documented.applicationKey,
            NCMBHeaderName.timestamp: documentedTimestamp,
            NCMBHeaderName.signature: signature,
            "Host": "mbaas.api.nifcloud.com",
        ]
    }

    // MARK: Tests

    @Test func theDocumentedSignedGetIsAnsweredWithResultsAndAResponseSignature() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let response = try await requester.send(
                    .get, documentedTarget, headers: documentedHeaders(signature: documentedSignature), signed: false)

                #expect(response.status == .ok)
                #expect(response.text == #"{"results":[]}"#)
                // P1 of docs/wire/signature.md#response-signature-vectors: R1 answered with an empty list.
                #expect(response.header("X-NCMB-Response-Signature") == "V0rhK6/gxVkdJNj/xSCr6g3EvpnkQCtzaQXVz9VMrEc=")
            }
        }
    }

    @Test func aTamperedSignatureIsRejectedWithE401001() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let tampered = "B" + documentedSignature.dropFirst()
                let response = try await requester.send(
                    .get, documentedTarget, headers: documentedHeaders(signature: String(tampered)), signed: false)

                #expect(response.status == .unauthorized)
                #expect(response.text == #"{"code":"E401001","error":"Authentication error by header incorrect."}"#)
                #expect(response.header("X-NCMB-Response-Signature") != nil)
            }
        }
    }

    @Test func aMissingSignatureHeaderIsRejectedWithE401001() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                var headers = documentedHeaders(signature: documentedSignature)
                headers[NCMBHeaderName.signature] = nil

                let response = try await requester.send(.get, documentedTarget, headers: headers, signed: false)

                #expect(response.status == .unauthorized)
                #expect(response.errorCode == "E401001")
            }
        }
    }

    @Test func anUnknownApplicationKeyIsE404005WithoutResponseSignature() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let response = try await requester.send(
                    .post, "/2013-09-01/classes/WrongAppKeyAndClientKey", body: #"{"key":"value"}"#, applicationKey: "unknown")

                #expect(response.status == .notFound)
                #expect(response.text == #"{"code":"E404005","error":"No such application."}"#)
                #expect(response.header("X-NCMB-Response-Signature") == nil)
            }
        }
    }

    @Test(arguments: ["localhost", "localhost:8080", "mbaas.api.nifcloud.com"])
    func signaturesOverEveryAcceptedHostVerify(host: String) async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let response = try await requester.send(.get, "/2013-09-01/classes/Food", host: host)

                #expect(response.status == .ok)
            }
        }
    }

    @Test func aSignatureOverAnotherHostIsRejected() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let response = try await requester.send(
                    .get, "/2013-09-01/classes/Food", headers: ["Host": "localhost"], host: "evil.example.com")

                #expect(response.status == .unauthorized)
            }
        }
    }

    @Test func anUnknownPathIsE404001AsJSON() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let response = try await requester.send(.get, "/nothing/here", signed: false)

                #expect(response.status == .notFound)
                #expect(response.text == #"{"code":"E404001","error":"No data available."}"#)
            }
        }
    }

    @Test func aWrongMethodIsE405001AsJSON() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let response = try await requester.send(.put, "/2013-09-01/classes/Food", body: "{}")

                #expect(response.status == .methodNotAllowed)
                #expect(response.errorCode == "E405001")
            }
        }
    }

    @Test func aSessionTokenIsRejectedUntilUsersExist() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let response = try await requester.send(
                    .get, "/2013-09-01/classes/Food", headers: [NCMBHeaderName.sessionToken: "ebDH8TtmLoygzjqjaI4EWFfxc"])

                #expect(response.status == .unauthorized)
                #expect(response.errorCode == "E401001")
            }
        }
    }

    @Test func aTimestampOutsideTheConfiguredSkewIsRejected() async throws {
        try await TestApplication.with(configure: { $0.maximumClockSkewSeconds = 60 }) { application in
            try await application.test { requester in
                let fresh = try await requester.send(.get, "/2013-09-01/classes/Food")
                let stale = try await requester.send(.get, "/2013-09-01/classes/Food", timestamp: "2009-02-13T23:20:00.000Z")

                #expect(fresh.status == .ok)
                #expect(stale.status == .unauthorized)
            }
        }
    }

    @Test func healthAndReadinessAnswerWithoutSignature() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let health = try await requester.send(.get, "/health", signed: false)
                let ready = try await requester.send(.get, "/ready", signed: false)

                #expect(health.status == .ok)
                #expect(ready.status == .ok)
            }
        }
    }

    @Test func corsPreflightIsAnsweredWithoutSignature() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let response = try await requester.send(.options, "/2013-09-01/classes/Food", signed: false)

                #expect(response.status == .noContent)
                #expect(response.header("Access-Control-Allow-Origin") == "*")
            }
        }
    }
}
