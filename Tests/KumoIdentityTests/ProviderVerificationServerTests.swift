import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KumoIdentity
import KumoServer
import KumoStorage
import KumoTestSupport
import Logging
import NCMBWire
import Testing

/// `POST /users` with `authData` through the whole server, the provider verified with `"jwks"` against a fake provider.
@Suite struct ProviderVerificationServerTests {
    static let clientId = "com.example.kumo"

    /// Settings enabling Google with JWKS verification against `fake`.
    static func googleSettings(_ fake: FakeProvider) -> ApplicationSettings {
        ApplicationSettings(authProviders: [
            "google": AuthProviderSettings(
                isEnabled: true, verification: "jwks",
                options: ["jwksURL": .string(fake.baseURL + "/jwks"), "audiences": [.string(clientId)]])
        ])
    }

    /// A server whose verifier uses the test application's clock, with Google verified against a fake provider.
    static func withServer(_ body: @escaping @Sendable (TestRequester, TestSigningKeys, TestClock) async throws -> Void)
        async throws
    {
        let keys = try await TestSigningKeys.make(ellipticCurveKeyIds: [])
        try await FakeProvider.run { fake in
            fake.answer("/jwks", body: keys.jwks())
            try await TestApplication.with(
                settings: googleSettings(fake),
                environment: { environment in
                    environment.authDataVerifier = ProviderAuthDataVerifier(clock: environment.clock, logger: .quiet)
                }
            ) { application in
                let clock = application.clock
                try await application.test { requester in try await body(requester, keys, clock) }
            }
        }
    }

    static func body(token: String, id: String = "108512345678901234567") -> String {
        JSONValue.object([
            "authData": ["google": ["id": .string(id), "access_token": .string(token)]]
        ]).serializedString()
    }

    @Test func aVerifiedGoogleTokenSignsUpAndThenLogsIn() async throws {
        try await Self.withServer { requester, keys, clock in
            let token = try await keys.token(
                keyId: "rsa-1",
                claims: TestIdentityClaims(
                    issuer: "https://accounts.google.com", subject: "108512345678901234567", audience: Self.clientId,
                    now: clock.now()))

            let signUp = try await requester.send(.post, "/2013-09-01/users", body: Self.body(token: token))
            let login = try await requester.send(.post, "/2013-09-01/users", body: Self.body(token: token))

            #expect(signUp.status == .created)
            #expect(signUp.json?.objectValue?["sessionToken"]?.stringValue != nil)
            #expect(login.status == .ok)
            #expect(login.json?.objectValue?["objectId"] == signUp.json?.objectValue?["objectId"])
        }
    }

    @Test func aGoogleTokenForAnotherUserIsRefusedWithE401003() async throws {
        try await Self.withServer { requester, keys, clock in
            let token = try await keys.token(
                keyId: "rsa-1",
                claims: TestIdentityClaims(
                    issuer: "https://accounts.google.com", subject: "someone-else", audience: Self.clientId, now: clock.now()))

            let response = try await requester.send(.post, "/2013-09-01/users", body: Self.body(token: token))

            #expect(response.status == .unauthorized)
            #expect(response.text == #"{"code":"E401003","error":"OAuth google authentication error."}"#)
        }
    }
}
