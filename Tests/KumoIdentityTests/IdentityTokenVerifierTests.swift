import Foundation
import KumoIdentity
import KumoStorage
import KumoTestSupport
import Logging
import NCMBWire
import Testing

/// `"jwks"` verification of Apple and Google ID tokens against a fake provider's JWKS.
@Suite struct IdentityTokenVerifierTests {
    /// One provider's test setup: which key signs its tokens and which issuer it uses.
    struct Provider: Sendable, CustomTestStringConvertible {
        var name: String
        var keyId: String
        var issuer: String
        var testDescription: String { name }
    }

    static let apple = Provider(name: "apple", keyId: "ec-1", issuer: "https://appleid.apple.com")
    static let google = Provider(name: "google", keyId: "rsa-1", issuer: "https://accounts.google.com")
    static let clientId = "com.example.kumo"

    /// A verifier on a pinned clock, and settings pointing at the fake provider.
    struct Fixture: Sendable {
        let fake: FakeProvider
        let keys: TestSigningKeys
        let clock: TestClock
        let verifier: ProviderAuthDataVerifier

        init(fake: FakeProvider, keys: TestSigningKeys, clock: TestClock = TestClock()) {
            self.fake = fake
            self.keys = keys
            self.clock = clock
            self.verifier = ProviderAuthDataVerifier(clock: clock, logger: .quiet, jwksMinimumRefreshSeconds: 30)
        }

        func settings(audiences: [String] = [IdentityTokenVerifierTests.clientId], extra: JSONObject = JSONObject())
            -> AuthProviderSettings
        {
            var options: JSONObject = [
                "jwksURL": .string(fake.baseURL + "/jwks"), "audiences": .array(audiences.map(JSONValue.string)),
            ]
            for (key, value) in extra { options[key] = value }
            return AuthProviderSettings(isEnabled: true, verification: "jwks", options: options)
        }

        func token(
            _ provider: Provider, keyId: String? = nil, issuer: String? = nil, subject: String = "user-1",
            audience: String = IdentityTokenVerifierTests.clientId, expiresIn: Double = 600
        ) async throws -> String {
            try await keys.token(
                keyId: keyId ?? provider.keyId,
                claims: TestIdentityClaims(
                    issuer: issuer ?? provider.issuer, subject: subject, audience: audience, now: clock.now(),
                    expiresIn: expiresIn))
        }

        func authData(_ provider: Provider, token: String, id: String = "user-1") -> JSONObject {
            var authData: JSONObject = ["id": .string(id), "access_token": .string(token)]
            if provider.name == "apple" { authData["client_id"] = .string(IdentityTokenVerifierTests.clientId) }
            return authData
        }

        func verify(_ provider: Provider, token: String, id: String = "user-1", settings: AuthProviderSettings? = nil)
            async throws
        {
            try await verifier.verify(
                provider: provider.name, authData: authData(provider, token: token, id: id), settings: settings ?? self.settings())
        }
    }

    /// Runs `body` with a fake provider publishing fresh keys.
    static func withFixture(_ body: @Sendable (Fixture) async throws -> Void) async throws {
        let keys = try await TestSigningKeys.make()
        try await FakeProvider.run { fake in
            fake.answer("/jwks", body: keys.jwks())
            try await body(Fixture(fake: fake, keys: keys))
        }
    }

    @Test(arguments: [apple, google])
    func acceptsAValidToken(provider: Provider) async throws {
        try await Self.withFixture { fixture in
            try await fixture.verify(provider, token: try await fixture.token(provider))
        }
    }

    @Test func acceptsGooglesIssuerWithoutScheme() async throws {
        try await Self.withFixture { fixture in
            try await fixture.verify(Self.google, token: try await fixture.token(Self.google, issuer: "accounts.google.com"))
        }
    }

    @Test func reusesTheCachedKeysForTheNextToken() async throws {
        try await Self.withFixture { fixture in
            try await fixture.verify(Self.google, token: try await fixture.token(Self.google))
            try await fixture.verify(Self.google, token: try await fixture.token(Self.google, subject: "user-2"), id: "user-2")
            #expect(fixture.fake.requests(to: "/jwks").count == 1)
        }
    }

    @Test(arguments: [apple, google])
    func refusesATokenSignedByAnotherKeyWithTheSameKeyId(provider: Provider) async throws {
        try await Self.withFixture { fixture in
            let impostor = try await TestSigningKeys.make()
            let token = try await impostor.token(
                keyId: provider.keyId,
                claims: TestIdentityClaims(
                    issuer: provider.issuer, subject: "user-1", audience: Self.clientId, now: fixture.clock.now()))
            try await expectOAuthError(provider.name) { try await fixture.verify(provider, token: token) }
        }
    }

    @Test(arguments: [apple, google])
    func refusesATokenForAnotherAudience(provider: Provider) async throws {
        try await Self.withFixture { fixture in
            let token = try await fixture.token(provider, audience: "com.example.other")
            try await expectOAuthError(provider.name) { try await fixture.verify(provider, token: token) }
        }
    }

    @Test(arguments: [apple, google])
    func refusesATokenFromAnotherIssuer(provider: Provider) async throws {
        try await Self.withFixture { fixture in
            let token = try await fixture.token(provider, issuer: "https://issuer.example")
            try await expectOAuthError(provider.name) { try await fixture.verify(provider, token: token) }
        }
    }

    @Test(arguments: [apple, google])
    func refusesAnExpiredToken(provider: Provider) async throws {
        try await Self.withFixture { fixture in
            let token = try await fixture.token(provider, expiresIn: 60)
            fixture.clock.advance(milliseconds: 61_000)
            try await expectOAuthError(provider.name) { try await fixture.verify(provider, token: token) }
        }
    }

    @Test(arguments: [apple, google])
    func refusesATokenWhoseSubjectIsNotTheAuthDataId(provider: Provider) async throws {
        try await Self.withFixture { fixture in
            let token = try await fixture.token(provider, subject: "user-1")
            try await expectOAuthError(provider.name) { try await fixture.verify(provider, token: token, id: "user-2") }
        }
    }

    @Test func refusesEveryTokenWhenNoAudienceIsConfigured() async throws {
        try await Self.withFixture { fixture in
            let token = try await fixture.token(Self.google)
            try await expectOAuthError("google") {
                try await fixture.verify(Self.google, token: token, settings: fixture.settings(audiences: []))
            }
        }
    }

    @Test func refusesAnAppleClientIdThatIsNotConfigured() async throws {
        try await Self.withFixture { fixture in
            let token = try await fixture.token(Self.apple, audience: "com.example.other")
            var authData = fixture.authData(Self.apple, token: token)
            authData["client_id"] = "com.example.other"
            try await expectOAuthError("apple") {
                try await fixture.verifier.verify(provider: "apple", authData: authData, settings: fixture.settings())
            }
        }
    }

    @Test func refusesAnUnsignedToken() async throws {
        try await Self.withFixture { fixture in
            let header = TestSigningKeys.base64URL(Data(#"{"alg":"none","kid":"ec-1"}"#.utf8))
            let payload = TestSigningKeys.base64URL(
                Data(#"{"iss":"https://appleid.apple.com","sub":"user-1","aud":"com.example.kumo","exp":4000000000}"#.utf8))
            try await expectOAuthError("apple") { try await fixture.verify(Self.apple, token: "\(header).\(payload).") }
        }
    }

    @Test func fetchesTheKeysAgainForAnUnknownKeyIdAfterTheMinimumInterval() async throws {
        let keys = try await TestSigningKeys.make(rsaKeyIds: ["rsa-1", "rsa-2"])
        try await FakeProvider.run { fake in
            fake.answer("/jwks", body: keys.jwks(["rsa-1"]))
            let fixture = Fixture(fake: fake, keys: keys)
            try await fixture.verify(Self.google, token: try await fixture.token(Self.google, keyId: "rsa-1"))
            fake.answer("/jwks", body: keys.jwks(["rsa-2"]))
            fixture.clock.advance(milliseconds: 30_000)
            try await fixture.verify(Self.google, token: try await fixture.token(Self.google, keyId: "rsa-2"))
            #expect(fake.requests(to: "/jwks").count == 2)
        }
    }

    @Test func refusesAnUnknownKeyIdWithoutFetchingWithinTheMinimumInterval() async throws {
        let keys = try await TestSigningKeys.make(rsaKeyIds: ["rsa-1", "rsa-2"])
        try await FakeProvider.run { fake in
            fake.answer("/jwks", body: keys.jwks(["rsa-1"]))
            let fixture = Fixture(fake: fake, keys: keys)
            try await fixture.verify(Self.google, token: try await fixture.token(Self.google, keyId: "rsa-1"))
            fake.answer("/jwks", body: keys.jwks(["rsa-2"]))
            fixture.clock.advance(milliseconds: 29_000)
            let token = try await fixture.token(Self.google, keyId: "rsa-2")
            try await expectOAuthError("google") { try await fixture.verify(Self.google, token: token) }
            #expect(fake.requests(to: "/jwks").count == 1)
        }
    }

    @Test func refusesWhenTheKeysCannotBeFetched() async throws {
        let keys = try await TestSigningKeys.make()
        let clock = TestClock()
        let verifier = ProviderAuthDataVerifier(clock: clock, logger: .quiet)
        let token = try await keys.token(
            keyId: "rsa-1",
            claims: TestIdentityClaims(
                issuer: Self.google.issuer, subject: "user-1", audience: Self.clientId, now: clock.now()))
        let settings = AuthProviderSettings(
            isEnabled: true, verification: "jwks",
            options: ["jwksURL": "http://127.0.0.1:1/jwks", "audiences": [.string(Self.clientId)]])
        try await expectOAuthError("google") {
            try await verifier.verify(
                provider: "google", authData: ["id": "user-1", "access_token": .string(token)], settings: settings)
        }
    }
}
