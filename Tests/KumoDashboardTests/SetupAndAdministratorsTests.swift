import HTTPTypes
import HummingbirdTesting
import KumoAdministration
import KumoDashboard
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The first start's setup link and the administration `kumo admins` shares (docs/dashboard.md#administrators).
@Suite struct SetupAndAdministratorsTests {
    static func setupToken(_ harness: DashboardHarness) async throws -> String {
        let setup = AdministrationSetup(
            storage: harness.server.storage, identifiers: IncrementingIdentifiers(), clock: harness.server.clock)
        return try #require(try await setup.prepare())
    }

    static func postSetup(_ session: DashboardClientSession, token: String, email: String, password: String) async throws -> TestResponse {
        try await session.send(.get, "/dashboard/setup?token=\(token)")
        let csrf = session.cookies[DashboardCookies.form] ?? ""
        return try await session.send(
            .post, "/dashboard/setup",
            body:
                "email=\(DashboardClientSession.encode(email))&password=\(DashboardClientSession.encode(password))&token=\(token)&csrf=\(csrf)",
            contentType: "application/x-www-form-urlencoded")
    }

    @Test func theSetupLinkCreatesTheFirstAdministratorOnceAndSignsThemIn() async throws {
        try await DashboardHarness.with(createsAdministrator: false) { harness, session in
            let token = try await Self.setupToken(harness)
            let page = try await session.send(.get, "/dashboard/setup?token=\(token)")

            let created = try await Self.postSetup(session, token: token, email: "first@example.com", password: "first password")
            let again = try await Self.postSetup(session, token: token, email: "second@example.com", password: "second password")

            #expect(page.status == .ok && page.text.contains(#"action="/dashboard/setup""#))
            #expect(created.status == .seeOther && created.headers[.location] == "/dashboard/")
            #expect(try await session.send(.get, "/dashboard/api/session").json?.objectValue?["email"] == "first@example.com")
            #expect(again.status == .notFound)
            #expect(try await harness.server.storage.admins.admins().map(\.email) == ["first@example.com"])
            #expect(try await harness.audit().contains { $0.action == "admin.create" && $0.target == "first@example.com" })
        }
    }

    @Test func aWrongSetupTokenCreatesNobody() async throws {
        try await DashboardHarness.with(createsAdministrator: false) { harness, session in
            _ = try await Self.setupToken(harness)

            let response = try await Self.postSetup(session, token: "guessed", email: "x@example.com", password: "long enough")

            #expect(response.status == .notFound)
            #expect(try await harness.server.storage.admins.adminCount() == 0)
        }
    }

    @Test func theSetupFormRefusesAShortPassword() async throws {
        try await DashboardHarness.with(createsAdministrator: false) { harness, session in
            let token = try await Self.setupToken(harness)

            let response = try await Self.postSetup(session, token: token, email: "x@example.com", password: "short")

            #expect(response.status == .badRequest)
            #expect(try await harness.server.storage.admins.adminCount() == 0)
        }
    }

    @Test func noSetupTokenIsMadeOnceAnAdministratorExists() async throws {
        try await DashboardHarness.with { harness, session in
            let setup = AdministrationSetup(storage: harness.server.storage, clock: harness.server.clock)
            let token = try await setup.prepare()
            let page = try await session.send(.get, "/dashboard/setup?token=anything")
            #expect(token == nil)
            #expect(page.status == .notFound)
        }
    }

    @Test func administratorsAreCreatedListedRePasswordedAndRemovedWithAudit() async throws {
        try await DashboardHarness.with { harness, session in
            let administration = harness.environment.administration
            try await administration.create(email: "second@example.com", password: "password two", actor: "cli")
            try await session.signIn(email: "second@example.com", password: "password two")

            try await administration.setPassword(email: "SECOND@example.com", password: "password three", actor: "cli")
            let signedOut = try await session.send(.get, "/dashboard/api/session")
            let newPassword = try await session.signIn(email: "second@example.com", password: "password three")
            try await administration.remove(email: "second@example.com", actor: "cli")

            #expect(signedOut.status == .unauthorized)
            #expect(newPassword.status == .seeOther)
            #expect(try await administration.list().map(\.email) == [DashboardHarness.email])
            let actions = try await harness.audit().filter { $0.admin == "cli" }.map(\.action)
            #expect(actions == ["admin.remove", "admin.password", "admin.create", "admin.create"])
        }
    }

    @Test func administrationRefusesBadAddressesPasswordsAndDuplicates() async throws {
        try await DashboardHarness.with { harness, _ in
            let administration = harness.environment.administration

            await #expect(throws: AdministrationAdmins.Refusal.self) {
                try await administration.create(email: "not an address", password: "long enough", actor: "cli")
            }
            await #expect(throws: AdministrationAdmins.Refusal.self) {
                try await administration.create(email: "x@example.com", password: "short", actor: "cli")
            }
            await #expect(throws: AdministrationAdmins.Refusal.self) {
                try await administration.create(email: "OPS@example.com", password: "long enough", actor: "cli")
            }
            await #expect(throws: AdministrationAdmins.Refusal.self) {
                try await administration.remove(email: "nobody@example.com", actor: "cli")
            }
        }
    }
}
