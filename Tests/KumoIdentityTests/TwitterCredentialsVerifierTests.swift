import HTTPTypes
import KumoIdentity
import KumoSeams
import KumoStorage
import KumoTestSupport
import Logging
import NCMBWire
import Testing

/// `"endpoint"` verification of Twitter OAuth 1.0a credentials against a fake `verify_credentials` endpoint.
@Suite struct TwitterCredentialsVerifierTests {
    static let path = "/1.1/account/verify_credentials.json"
    static let authData: JSONObject = [
        "id": "3141592653", "screen_name": "kumo", "oauth_consumer_key": "consumer-key", "consumer_secret": "consumer secret",
        "oauth_token": "3141592653-token", "oauth_token_secret": "token/secret",
    ]

    /// Nonces that are always `fixednonce0123456789`.
    struct FixedNonces: IdentifierGenerator {
        func objectId() -> String { "fixednonce012345" }
        func randomString(length: Int, alphabet: [Character]) -> String { "fixednonce0123456789" }
    }

    static func verifier(clock: TestClock) -> ProviderAuthDataVerifier {
        ProviderAuthDataVerifier(clock: clock, identifiers: FixedNonces(), logger: .quiet)
    }

    static func settings(_ fake: FakeProvider, options: JSONObject = JSONObject()) -> AuthProviderSettings {
        var all: JSONObject = ["url": .string(fake.baseURL + path)]
        for (key, value) in options { all[key] = value }
        return AuthProviderSettings(isEnabled: true, verification: "endpoint", options: all)
    }

    @Test func signsTheRequestWithTheUsersCredentials() async throws {
        try await FakeProvider.run { fake in
            fake.answer(Self.path, body: #"{"id":3141592653,"id_str":"3141592653","screen_name":"kumo"}"#)
            let clock = TestClock()
            try await Self.verifier(clock: clock).verify(provider: "twitter", authData: Self.authData, settings: Self.settings(fake))
            let expected = OAuth1Signature.authorizationHeader(
                method: "GET", baseURL: fake.baseURL + Self.path,
                credentials: .init(
                    consumerKey: "consumer-key", consumerSecret: "consumer secret", token: "3141592653-token",
                    tokenSecret: "token/secret"),
                nonce: "fixednonce0123456789", timestamp: 1_234_567_890)
            #expect(fake.requests(to: Self.path).map(\.authorization) == [expected])
            #expect(expected.hasPrefix(#"OAuth oauth_consumer_key="consumer-key", oauth_nonce="fixednonce0123456789", "#))
        }
    }

    @Test func refusesCredentialsOfAnotherUser() async throws {
        try await FakeProvider.run { fake in
            fake.answer(Self.path, body: #"{"id":42,"id_str":"42","screen_name":"someone"}"#)
            try await expectOAuthError("twitter") {
                try await Self.verifier(clock: TestClock()).verify(
                    provider: "twitter", authData: Self.authData, settings: Self.settings(fake))
            }
        }
    }

    @Test func refusesCredentialsTwitterRejects() async throws {
        try await FakeProvider.run { fake in
            fake.answer(Self.path, status: .unauthorized, body: #"{"errors":[{"code":89,"message":"Invalid or expired token."}]}"#)
            try await expectOAuthError("twitter") {
                try await Self.verifier(clock: TestClock()).verify(
                    provider: "twitter", authData: Self.authData, settings: Self.settings(fake))
            }
        }
    }

    @Test func refusesAnotherConsumerKeyThanTheConfiguredOne() async throws {
        try await FakeProvider.run { fake in
            fake.answer(Self.path, body: #"{"id_str":"3141592653"}"#)
            try await expectOAuthError("twitter") {
                try await Self.verifier(clock: TestClock()).verify(
                    provider: "twitter", authData: Self.authData,
                    settings: Self.settings(fake, options: ["consumerKey": "our-key"]))
            }
            #expect(fake.requests(to: Self.path).isEmpty)
        }
    }
}
