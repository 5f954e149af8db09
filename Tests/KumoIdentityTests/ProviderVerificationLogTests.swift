import KumoIdentity
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Refusals are logged with their reason, never with the token or a secret.
@Suite struct ProviderVerificationLogTests {
    static let accessToken = "EAAB-secret-user-token"
    static let appSecret = "app-secret-value"

    @Test(arguments: [
        ("/invalid", #"{"data":{"app_id":"app-1","is_valid":false,"user_id":"1"}}"#), ("/html", "<html>down</html>"),
        ("/missing", ""),
    ])
    func facebookRefusalsLogNeitherTheTokenNorTheAppSecret(path: String, answer: String) async throws {
        try await FakeProvider.run { fake in
            if !answer.isEmpty { fake.answer(path, body: answer) }
            let capture = SecurityLogCapture()
            let settings = AuthProviderSettings(
                isEnabled: true, verification: "endpoint",
                options: ["url": .string(fake.baseURL + path), "appId": "app-1", "appSecret": .string(Self.appSecret)])
            try await expectOAuthError("facebook") {
                try await ProviderAuthDataVerifier(logger: capture.logger).verify(
                    provider: "facebook", authData: ["id": "1", "access_token": .string(Self.accessToken)], settings: settings)
            }
            #expect(!capture.recordedLines.isEmpty)
            #expect(capture.lines(containing: Self.accessToken).isEmpty)
            #expect(capture.lines(containing: Self.appSecret).isEmpty)
        }
    }

    @Test func identityTokenRefusalsDoNotLogTheToken() async throws {
        let keys = try await TestSigningKeys.make(ellipticCurveKeyIds: [])
        try await FakeProvider.run { fake in
            fake.answer("/jwks", body: keys.jwks())
            let capture = SecurityLogCapture()
            let clock = TestClock()
            let token = try await keys.token(
                keyId: "rsa-1",
                claims: TestIdentityClaims(issuer: "https://accounts.google.com", subject: "1", audience: "other", now: clock.now()))
            let settings = AuthProviderSettings(
                isEnabled: true, verification: "jwks", options: ["jwksURL": .string(fake.baseURL + "/jwks"), "audience": "mine"])
            try await expectOAuthError("google") {
                try await ProviderAuthDataVerifier(clock: clock, logger: capture.logger).verify(
                    provider: "google", authData: ["id": "1", "access_token": .string(token)], settings: settings)
            }
            #expect(!capture.recordedLines.isEmpty)
            #expect(capture.lines(containing: token).isEmpty)
            #expect(capture.lines(containing: String(token.split(separator: ".")[2])).isEmpty)
        }
    }
}
