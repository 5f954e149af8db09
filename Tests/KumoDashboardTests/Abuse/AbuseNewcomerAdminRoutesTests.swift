import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// A stranger who holds the app's public keys (they ship in every app) cannot reach what issue 30 added to the admin
/// API: the users' linked accounts, and an application created with chosen keys. NCMB's headers, correctly signed,
/// are no session (docs/decisions/0077-dashboard-administrators-are-not-users.md, 0144).
@Suite struct AbuseNewcomerAdminRoutesTests {
    static let facebookId = "100002415159782"

    /// NCMB's request headers for `GET path`, signed with the test application's keys, as an app sends them.
    static func signedHeaders(method: String, path: String) -> [String: String] {
        let timestamp = "2026-12-07T00:00:00.000Z"
        let keys = TestKeys.documented
        let signature = RequestSignature.signature(
            method: method, host: "localhost", path: path, rawQuery: nil, applicationKey: keys.applicationKey, clientKey: keys.clientKey,
            timestamp: timestamp)
        return [
            NCMBHeaderName.applicationKey: keys.applicationKey, NCMBHeaderName.timestamp: timestamp, NCMBHeaderName.signature: signature,
        ]
    }

    @Test func theLinkedAccountsAreRefusedToAStrangerWithTheAppsKeys() async throws {
        try await DashboardHarness.with { harness, session in
            try await NewcomerAPITests.storeUser(
                harness, "facebookUser0001", userName: "alice",
                authData: ["facebook": ["id": .string(Self.facebookId), "access_token": .string(NewcomerAPITests.facebookToken)]])
            let path = NewcomerAPITests.users

            let stranger = try await session.send(.get, path, headers: Self.signedHeaders(method: "GET", path: path))

            #expect(stranger.status == .unauthorized)
            let text = String(buffer: stranger.body)
            #expect(!text.contains(Self.facebookId) && !text.contains(NewcomerAPITests.facebookToken))
        }
    }

    @Test func anApplicationWithChosenKeysCannotBeCreatedWithoutASessionAndItsCSRFToken() async throws {
        try await DashboardHarness.with { harness, session in
            let body = #"{"name":"moved","applicationKey":"abcdef","clientKey":"fedcba"}"#
            let stranger = try await session.send(
                .post, "/dashboard/api/apps", body: body, headers: Self.signedHeaders(method: "POST", path: "/dashboard/api/apps"))
            try await session.signIn()
            let forged = try await session.send(.post, "/dashboard/api/apps", body: body)

            #expect(stranger.status == .unauthorized && forged.status == .forbidden)
            #expect(try await harness.server.storage.applications.application(applicationKey: "abcdef") == nil)
            #expect(try await harness.server.storage.applications.application(named: "moved") == nil)
        }
    }
}
