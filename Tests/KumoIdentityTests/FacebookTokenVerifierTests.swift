import HTTPTypes
import KumoIdentity
import KumoStorage
import KumoTestSupport
import Logging
import NCMBWire
import Testing

/// `"endpoint"` verification of Facebook access tokens against a fake `debug_token` endpoint.
@Suite struct FacebookTokenVerifierTests {
    static let authData: JSONObject = [
        "id": "100002415159782", "access_token": "EAAB token/with+symbols",
        "expiration_date": ["__type": "Date", "iso": "2013-08-31T07:41:11.906Z"],
    ]

    static func settings(_ fake: FakeProvider, options: JSONObject = ["appId": "app-1", "appSecret": "s3cret"])
        -> AuthProviderSettings
    {
        var all: JSONObject = ["url": .string(fake.baseURL + "/debug_token")]
        for (key, value) in options { all[key] = value }
        return AuthProviderSettings(isEnabled: true, verification: "endpoint", options: all)
    }

    static func answer(isValid: Bool = true, userId: String = "100002415159782", appId: String = "app-1") -> String {
        JSONValue.object([
            "data": ["app_id": .string(appId), "type": "USER", "is_valid": .bool(isValid), "user_id": .string(userId)]
        ]).serializedString()
    }

    @Test func acceptsAValidTokenOfTheUserAndSendsBothTokens() async throws {
        try await FakeProvider.run { fake in
            fake.answer("/debug_token", body: Self.answer())
            try await ProviderAuthDataVerifier(logger: .quiet).verify(
                provider: "facebook", authData: Self.authData, settings: Self.settings(fake))
            let query = fake.requests(to: "/debug_token").first?.query
            #expect(query == "input_token=EAAB%20token%2Fwith%2Bsymbols&access_token=app-1%7Cs3cret")
        }
    }

    @Test func usesTheConfiguredAppAccessToken() async throws {
        try await FakeProvider.run { fake in
            fake.answer("/debug_token", body: Self.answer())
            let settings = Self.settings(fake, options: ["appAccessToken": "app-token"])
            try await ProviderAuthDataVerifier(logger: .quiet).verify(provider: "facebook", authData: Self.authData, settings: settings)
            #expect(fake.requests(to: "/debug_token").first?.query.hasSuffix("&access_token=app-token") == true)
        }
    }

    @Test func refusesATokenFacebookCallsInvalid() async throws {
        try await FakeProvider.run { fake in
            fake.answer("/debug_token", body: Self.answer(isValid: false))
            try await expectOAuthError("facebook") {
                try await ProviderAuthDataVerifier(logger: .quiet).verify(
                    provider: "facebook", authData: Self.authData, settings: Self.settings(fake))
            }
        }
    }

    @Test func refusesATokenOfAnotherUser() async throws {
        try await FakeProvider.run { fake in
            fake.answer("/debug_token", body: Self.answer(userId: "999"))
            try await expectOAuthError("facebook") {
                try await ProviderAuthDataVerifier(logger: .quiet).verify(
                    provider: "facebook", authData: Self.authData, settings: Self.settings(fake))
            }
        }
    }

    @Test func refusesATokenOfAnotherApp() async throws {
        try await FakeProvider.run { fake in
            fake.answer("/debug_token", body: Self.answer(appId: "app-2"))
            try await expectOAuthError("facebook") {
                try await ProviderAuthDataVerifier(logger: .quiet).verify(
                    provider: "facebook", authData: Self.authData, settings: Self.settings(fake))
            }
        }
    }

    @Test func refusesWhenFacebookAnswersWithAnError() async throws {
        try await FakeProvider.run { fake in
            fake.answer(
                "/debug_token", status: .badRequest,
                body: #"{"error":{"message":"Invalid OAuth access token.","type":"OAuthException","code":190}}"#)
            try await expectOAuthError("facebook") {
                try await ProviderAuthDataVerifier(logger: .quiet).verify(
                    provider: "facebook", authData: Self.authData, settings: Self.settings(fake))
            }
        }
    }

    @Test func refusesWithoutAnAppAccessTokenAndAsksNothing() async throws {
        try await FakeProvider.run { fake in
            fake.answer("/debug_token", body: Self.answer())
            try await expectOAuthError("facebook") {
                try await ProviderAuthDataVerifier(logger: .quiet).verify(
                    provider: "facebook", authData: Self.authData, settings: Self.settings(fake, options: ["appId": "app-1"]))
            }
            #expect(fake.requests(to: "/debug_token").isEmpty)
        }
    }
}
