import KumoIdentity
import KumoStorage
import KumoTestSupport
import Logging
import NCMBWire
import NIOCore
import Testing

/// Dispatch on the verification setting and the limits of provider requests.
@Suite struct ProviderAuthDataVerifierTests {
    static let facebookAuthData: JSONObject = ["id": "1", "access_token": "token"]
    static let validFacebookAnswer = #"{"data":{"app_id":"app-1","is_valid":true,"user_id":"1"}}"#

    static func facebookSettings(_ fake: FakeProvider, path: String) -> AuthProviderSettings {
        AuthProviderSettings(
            isEnabled: true, verification: "endpoint",
            options: ["url": .string(fake.baseURL + path), "appAccessToken": "app-1|secret"])
    }

    @Test func trustsTheClientWhenVerificationIsNone() async throws {
        try await ProviderAuthDataVerifier(logger: .quiet).verify(
            provider: "google", authData: ["id": "x", "access_token": "anything"],
            settings: AuthProviderSettings(isEnabled: true, verification: "none"))
    }

    @Test(arguments: [("google", "endpoint"), ("facebook", "oauth"), ("apple", "")])
    func refusesAVerificationItDoesNotKnowForTheProvider(provider: String, verification: String) async throws {
        try await expectOAuthError(provider) {
            try await ProviderAuthDataVerifier(logger: .quiet).verify(
                provider: provider, authData: ["id": "x", "access_token": "token"],
                settings: AuthProviderSettings(isEnabled: true, verification: verification))
        }
    }

    @Test func acceptsTheProviderObjectWrappedInTheWholeAuthData() async throws {
        try await FakeProvider.run { fake in
            fake.answer("/debug_token", body: Self.validFacebookAnswer)
            try await ProviderAuthDataVerifier(logger: .quiet).verify(
                provider: "facebook", authData: ["facebook": .object(Self.facebookAuthData)],
                settings: Self.facebookSettings(fake, path: "/debug_token"))
        }
    }

    @Test func refusesWhenTheProviderAnswersTooLate() async throws {
        try await FakeProvider.run { fake in
            fake.answer("/slow", body: Self.validFacebookAnswer, delay: .seconds(8))
            let verifier = ProviderAuthDataVerifier(logger: .quiet, timeout: .milliseconds(300))
            try await expectOAuthError("facebook") {
                try await verifier.verify(
                    provider: "facebook", authData: Self.facebookAuthData, settings: Self.facebookSettings(fake, path: "/slow"))
            }
            // The answer comes after 8 s and is valid: only the 300 ms timeout makes this call fail.
        }
    }

    @Test func refusesAnAnswerOverTheSizeLimit() async throws {
        try await FakeProvider.run { fake in
            let padding = String(repeating: "x", count: 4096)
            fake.answer(
                "/big", body: #"{"data":{"app_id":"app-1","is_valid":true,"user_id":"1","padding":"\#(padding)"}}"#)
            let verifier = ProviderAuthDataVerifier(logger: .quiet, maximumResponseBytes: 1024)
            try await expectOAuthError("facebook") {
                try await verifier.verify(
                    provider: "facebook", authData: Self.facebookAuthData, settings: Self.facebookSettings(fake, path: "/big"))
            }
        }
    }

    @Test func refusesAnAnswerThatIsNotJSON() async throws {
        try await FakeProvider.run { fake in
            fake.answer("/html", body: "<html>maintenance</html>")
            try await expectOAuthError("facebook") {
                try await ProviderAuthDataVerifier(logger: .quiet).verify(
                    provider: "facebook", authData: Self.facebookAuthData, settings: Self.facebookSettings(fake, path: "/html"))
            }
        }
    }

    @Test func refusesWhenTheProviderIsDown() async throws {
        let settings = AuthProviderSettings(
            isEnabled: true, verification: "endpoint",
            options: ["url": "http://127.0.0.1:1/debug_token", "appAccessToken": "app-1|secret"])
        try await expectOAuthError("facebook") {
            try await ProviderAuthDataVerifier(logger: .quiet).verify(
                provider: "facebook", authData: Self.facebookAuthData, settings: settings)
        }
    }
}
