import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoSeams
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Users (password-reset mail, ending sessions) and roles (members through `belongUser`/`belongRole` changed with the
/// objects API, listed by `GET …/roles/{objectId}/members`) (docs/dashboard.md#users, docs/dashboard.md#roles).
@Suite struct UsersAndRolesAPITests {
    static let users = "/dashboard/api/apps/test/classes/users/objects"
    static let roles = "/dashboard/api/apps/test/classes/roles/objects"

    static func object(_ response: TestResponse) -> JSONObject { response.json?.objectValue ?? [:] }

    /// Creates a user through the dashboard; returns its objectId.
    static func createUser(_ session: DashboardClientSession, _ name: String, mailAddress: String? = nil) async throws -> String {
        var body: JSONObject = ["userName": .string(name), "password": "secret"]
        if let mailAddress { body["mailAddress"] = .string(mailAddress) }
        let created = try await session.change(.post, users, body: JSONValue.object(body).serializedString())
        return try #require(object(created)["objectId"]?.stringValue)
    }

    // MARK: Password reset

    @Test func aPasswordResetMailGoesToTheUsersAddressAndIsAudited() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()
            let objectId = try await Self.createUser(session, "alice", mailAddress: "alice@example.com")

            let response = try await session.change(.post, "/dashboard/api/apps/test/users/\(objectId)/passwordReset")

            #expect(response.status == .ok && Self.object(response)["mailAddress"] == "alice@example.com")
            let mail = try #require(harness.server.mailbox.sent.last)
            #expect(mail.to == "alice@example.com" && mail.body.contains("http"))
            let entry = try #require(try await harness.audit().first)
            #expect(entry.action == "user.passwordReset" && entry.target == objectId && entry.detail["mailAddress"] == "alice@example.com")
        }
    }

    @Test func aUserWithoutAMailAddressOrUnknownIsRefused() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()
            let objectId = try await Self.createUser(session, "bob")

            let noAddress = try await session.change(.post, "/dashboard/api/apps/test/users/\(objectId)/passwordReset")
            let unknown = try await session.change(.post, "/dashboard/api/apps/test/users/missing/passwordReset")

            #expect(noAddress.status == .badRequest && Self.object(noAddress)["code"] == "mailAddress")
            #expect(unknown.status == .notFound && Self.object(unknown)["code"] == "E404001")
            #expect(harness.server.mailbox.sent.isEmpty)
            #expect(try await harness.audit().allSatisfy { $0.action != "user.passwordReset" })
        }
    }

    // MARK: Sessions

    @Test func endingAUsersSessionsMakesTheirTokensInvalid() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()
            try await harness.server.storage.applications.updateSettings(
                applicationId: harness.server.application.applicationId, settings: ApplicationSettings(allowsMultipleSessions: true))
            // Signing up opens the first session; two logins open two more.
            let objectId = try await Self.createUser(session, "carol")
            let tokens = try await harness.server.test { requester in
                var tokens: [String] = []
                for _ in 0..<2 {
                    let login = try await requester.send(.get, "/2013-09-01/login?userName=carol&password=secret")
                    tokens.append(login.json?.objectValue?["sessionToken"]?.stringValue ?? "")
                }
                return tokens
            }

            let ended = try await session.change(.delete, "/dashboard/api/apps/test/users/\(objectId)/sessions")
            let again = try await session.change(.delete, "/dashboard/api/apps/test/users/\(objectId)/sessions")
            let unknown = try await session.change(.delete, "/dashboard/api/apps/test/users/missing/sessions")
            let afterwards = try await harness.server.test { requester in
                try await requester.send(.get, "/2013-09-01/users/\(objectId)", headers: ["X-NCMB-Apps-Session-Token": tokens[0]])
            }

            #expect(tokens.allSatisfy { !$0.isEmpty })
            #expect(ended.status == .ok && Self.object(ended)["ended"] == 3)
            #expect(Self.object(again)["ended"] == 0)
            #expect(unknown.status == .notFound)
            #expect(afterwards.status == .unauthorized)
            let entry = try #require(try await harness.audit().first { $0.action == "user.endSessions" })
            #expect(entry.target == objectId)
        }
    }

    // MARK: Roles

    @Test func membersAndChildRolesChangeWithRelationOperationsAndAreListed() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()
            let alice = try await Self.createUser(session, "alice")
            let bob = try await Self.createUser(session, "bob")
            let child = try #require(
                Self.object(try await session.change(.post, Self.roles, body: #"{"roleName":"Editors"}"#))["objectId"]?.stringValue)
            let parent = try #require(
                Self.object(try await session.change(.post, Self.roles, body: #"{"roleName":"Staff"}"#))["objectId"]?.stringValue)

            let added = try await session.change(
                .put, "\(Self.roles)/\(parent)",
                body: #"""
                    {"belongUser":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"user","objectId":"\#(alice)"},
                    {"__type":"Pointer","className":"user","objectId":"\#(bob)"}]},
                    "belongRole":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"role","objectId":"\#(child)"}]}}
                    """#)
            let removed = try await session.change(
                .put, "\(Self.roles)/\(parent)",
                body: #"{"belongUser":{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"user","objectId":"\#(bob)"}]}}"#)
            let members = try await session.send(.get, "/dashboard/api/apps/test/roles/\(parent)/members")
            let roleNames = try await harness.server.storage.accounts.roleNames(applicationId: "TestApplicationId", userObjectId: alice)

            #expect(added.status == .ok && removed.status == .ok)
            let users = Self.object(members)["users"]?.objectValue
            let roles = Self.object(members)["roles"]?.objectValue
            #expect(users?["results"]?.arrayValue?.compactMap { $0.objectValue?["objectId"]?.stringValue } == [alice])
            #expect(users?["count"] == 1)
            #expect(roles?["results"]?.arrayValue?.compactMap { $0.objectValue?["roleName"]?.stringValue } == ["Editors"])
            #expect(roleNames.contains("Staff"))
        }
    }

    @Test func membersOfAnUnknownRoleOrWithABadLimitAreRefused() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()

            let unknown = try await session.send(.get, "/dashboard/api/apps/test/roles/missing/members")
            let badLimit = try await session.send(.get, "/dashboard/api/apps/test/roles/missing/members?limit=0")
            let noApplication = try await session.send(.get, "/dashboard/api/apps/nothing/roles/x/members")

            #expect(unknown.status == .notFound && Self.object(unknown)["code"] == "E404001")
            #expect(badLimit.status == .badRequest && Self.object(badLimit)["field"] == "limit")
            #expect(noApplication.status == .notFound && Self.object(noApplication)["code"] == "notFound")
        }
    }
}
