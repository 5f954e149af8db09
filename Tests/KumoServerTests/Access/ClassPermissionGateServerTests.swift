import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Class-level permissions through the server on real SQLite: permissions stored with
/// `ApplicationStore.setClassPermissions` (as `kumo classes permissions set` does), roles created through `/roles`.
@Suite struct ClassPermissionGateServerTests {
    static let secret = ClassName("Secret")!
    static let denied = #"{"code":"E403001","error":"No access with ACL."}"#

    /// Who is who: alice holds Staff directly, dave through the child role Juniors, bob holds nothing; then `permissions`
    /// apply to `className`.
    func prepare(_ scenario: RoleScenario, _ permissions: ClassPermissions, className: ClassName = Self.secret) async throws {
        for user in ["alice", "bob", "dave"] { try await scenario.addUser(user) }
        let juniors = try await scenario.createRole(
            #"{"roleName":"Juniors","belongUser":\#(RoleScenario.relation("AddRelation", "user", "dave"))}"#)
        _ = try await scenario.createRole(
            #"{"roleName":"Staff","belongUser":\#(RoleScenario.relation("AddRelation", "user", "alice")),"belongRole":\#(RoleScenario.relation("AddRelation", "role", juniors))}"#
        )
        try await scenario.application.storage.applications.setClassPermissions(
            permissions, applicationId: scenario.application.application.applicationId, className: className)
        // The requests above loaded the gate's cache before the permissions existed.
        scenario.application.clock.advance(milliseconds: 5001)
    }

    @Test func findRestrictedToStaffAdmitsDirectAndInheritedHoldersOnly() async throws {
        try await RoleScenario.run { scenario in
            try await prepare(scenario, ClassPermissions([.find: OperationPermission(isPublic: false, roleNames: ["Staff"])]))

            let anonymous = try await scenario.send(.get, "/2013-09-01/classes/Secret")
            let bob = try await scenario.send(.get, "/2013-09-01/classes/Secret", as: "bob")
            let alice = try await scenario.send(.get, "/2013-09-01/classes/Secret", as: "alice")
            let dave = try await scenario.send(.get, "/2013-09-01/classes/Secret", as: "dave")

            #expect(anonymous.status == .forbidden)
            #expect(anonymous.text == Self.denied)
            #expect(bob.status == .forbidden)
            #expect(alice.status == .ok)
            #expect(dave.status == .ok)
        }
    }

    @Test func createRestrictedToAuthenticatedUsersRefusesAnonymousCallers() async throws {
        try await RoleScenario.run { scenario in
            try await prepare(scenario, ClassPermissions([.create: OperationPermission(isPublic: false, allowsAuthenticatedUsers: true)]))

            let anonymous = try await scenario.send(.post, "/2013-09-01/classes/Secret", body: #"{"a":1}"#)
            let bob = try await scenario.send(.post, "/2013-09-01/classes/Secret", body: #"{"a":1}"#, as: "bob")
            let count = try await scenario.send(.get, "/2013-09-01/classes/Secret?count=1&limit=0")

            #expect(anonymous.status == .forbidden)
            #expect(bob.status == .created)
            #expect(count.text == #"{"results":[],"count":1}"#)
        }
    }

    @Test func eachOperationIsGuardedOnItsOwn() async throws {
        try await RoleScenario.run { scenario in
            let nobody = OperationPermission(isPublic: false)
            try await prepare(scenario, ClassPermissions([.update: nobody, .delete: nobody]))
            let create = try await scenario.send(.post, "/2013-09-01/classes/Secret", body: #"{"a":1}"#)
            let path = "/2013-09-01/classes/Secret/" + (create.json?.objectValue?["objectId"]?.stringValue ?? "")

            let get = try await scenario.send(.get, path)
            let update = try await scenario.send(.put, path, body: #"{"a":2}"#, as: "alice")
            let delete = try await scenario.send(.delete, path, as: "alice")

            #expect(create.status == .created)
            #expect(get.status == .ok)
            #expect(update.text == Self.denied)
            #expect(delete.text == Self.denied)
        }
    }

    @Test func theStandardRoleClassCanBeClosedForWrites() async throws {
        try await RoleScenario.run { scenario in
            let staffOnly = OperationPermission(isPublic: false, roleNames: ["Staff"])
            try await prepare(scenario, ClassPermissions([.create: staffOnly, .update: staffOnly]), className: .role)

            let bobCreate = try await scenario.send(.post, "/2013-09-01/roles", body: #"{"roleName":"Mine"}"#, as: "bob")
            let aliceCreate = try await scenario.send(.post, "/2013-09-01/roles", body: #"{"roleName":"Mine"}"#, as: "alice")
            let bobJoin = try await scenario.send(
                .put, "/2013-09-01/roles/0000000000000002",
                body: #"{"belongUser":\#(RoleScenario.relation("AddRelation", "user", "bob"))}"#, as: "bob")

            #expect(bobCreate.status == .forbidden)
            #expect(aliceCreate.status == .created)
            #expect(bobJoin.status == .forbidden)
        }
    }

    @Test func aResetShowsUpOnceTheCacheExpires() async throws {
        try await RoleScenario.run { scenario in
            try await prepare(scenario, ClassPermissions([.find: OperationPermission(isPublic: false)]))
            let before = try await scenario.send(.get, "/2013-09-01/classes/Secret")

            try await scenario.application.storage.applications.setClassPermissions(
                .open, applicationId: scenario.application.application.applicationId, className: Self.secret)
            let cached = try await scenario.send(.get, "/2013-09-01/classes/Secret")
            scenario.application.clock.advance(milliseconds: 5001)
            let after = try await scenario.send(.get, "/2013-09-01/classes/Secret")

            #expect([before.status, cached.status, after.status] == [.forbidden, .forbidden, .ok])
        }
    }
}
