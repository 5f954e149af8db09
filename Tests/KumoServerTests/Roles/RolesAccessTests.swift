import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// ACLs on roles and roles as ACL principals, on real SQLite (docs/wire/acl.md,
/// docs/decisions/0003-existence-is-not-leaked.md, docs/decisions/0004-role-inheritance.md).
@Suite struct RolesAccessTests {
    static let notFound = #"{"code":"E404001","error":"No data available."}"#
    static let denied = #"{"code":"E403001","error":"No access with ACL."}"#

    @Test func aRoleOnlyItsOwnerMayReadIsInvisibleToEveryoneElse() async throws {
        try await RoleScenario.run { scenario in
            try await scenario.addUser("alice")
            try await scenario.addUser("bob")
            let role = try await scenario.createRole(
                #"{"roleName":"Private","acl":{"alice":{"read":true,"write":true}}}"#, as: "alice")
            let join = #"{"belongUser":\#(RoleScenario.relation("AddRelation", "user", "bob"))}"#

            let bobPut = try await scenario.send(.put, "/2013-09-01/roles/\(role)", body: join, as: "bob")
            let bobDelete = try await scenario.send(.delete, "/2013-09-01/roles/\(role)", as: "bob")
            let bobGet = try await scenario.send(.get, "/2013-09-01/roles/\(role)", as: "bob")
            let anonymousGet = try await scenario.send(.get, "/2013-09-01/roles/\(role)")
            let anonymousFind = try await scenario.send(.get, "/2013-09-01/roles")
            let alicePut = try await scenario.send(.put, "/2013-09-01/roles/\(role)", body: #"{"floor":1}"#, as: "alice")

            #expect([bobPut.text, bobDelete.text, bobGet.text, anonymousGet.text] == Array(repeating: Self.notFound, count: 4))
            #expect(anonymousFind.text == #"{"results":[]}"#)
            #expect(alicePut.status == .ok)
            let bobRoles = try await scenario.application.storage.accounts.roleNames(
                applicationId: scenario.application.application.applicationId, userObjectId: "bob")
            #expect(bobRoles.isEmpty)
        }
    }

    @Test func aReadableRoleOthersMayNotWriteAnswers403() async throws {
        try await RoleScenario.run { scenario in
            try await scenario.addUser("alice")
            try await scenario.addUser("bob")
            let role = try await scenario.createRole(
                #"{"roleName":"Admin","acl":{"*":{"read":true},"alice":{"write":true}}}"#, as: "alice")

            let bobPut = try await scenario.send(
                .put, "/2013-09-01/roles/\(role)", body: #"{"belongUser":\#(RoleScenario.relation("AddRelation", "user", "bob"))}"#,
                as: "bob")
            let bobDelete = try await scenario.send(.delete, "/2013-09-01/roles/\(role)", as: "bob")
            let bobGet = try await scenario.send(.get, "/2013-09-01/roles/\(role)", as: "bob")

            #expect(bobPut.status == .forbidden)
            #expect(bobPut.text == Self.denied)
            #expect(bobDelete.text == Self.denied)
            #expect(bobGet.status == .ok)
            let bobRoles = try await scenario.application.storage.accounts.roleNames(
                applicationId: scenario.application.application.applicationId, userObjectId: "bob")
            #expect(bobRoles.isEmpty)
        }
    }

    @Test func aRoleGrantReachesItsMembersOnly() async throws {
        try await RoleScenario.run { scenario in
            try await scenario.addUser("alice")
            try await scenario.addUser("bob")
            _ = try await scenario.createRole(
                #"{"roleName":"Staff","belongUser":\#(RoleScenario.relation("AddRelation", "user", "alice"))}"#)
            _ = try await scenario.send(.post, "/2013-09-01/classes/Note", body: #"{"text":"x","acl":{"role:Staff":{"read":true}}}"#)
            let note = "/2013-09-01/classes/Note/0000000000000002"

            #expect(try await scenario.send(.get, note, as: "alice").status == .ok)
            #expect(try await scenario.send(.get, note, as: "bob").status == .notFound)
            #expect(try await scenario.send(.get, note).status == .notFound)
            #expect(RoleScenario.objectIds(try await scenario.send(.get, "/2013-09-01/classes/Note", as: "bob")).isEmpty)
        }
    }

    @Test func membersOfAChildRoleHoldTheParentRoleButNotTheReverse() async throws {
        try await RoleScenario.run { scenario in
            try await scenario.addUser("alice")
            try await scenario.addUser("carol")
            let child = try await scenario.createRole(
                #"{"roleName":"Child","belongUser":\#(RoleScenario.relation("AddRelation", "user", "alice"))}"#)
            _ = try await scenario.createRole(
                #"{"roleName":"Parent","belongRole":\#(RoleScenario.relation("AddRelation", "role", child)),"belongUser":\#(RoleScenario.relation("AddRelation", "user", "carol"))}"#
            )
            _ = try await scenario.send(.post, "/2013-09-01/classes/Note", body: #"{"acl":{"role:Parent":{"read":true}}}"#)
            _ = try await scenario.send(.post, "/2013-09-01/classes/Note", body: #"{"acl":{"role:Child":{"read":true}}}"#)

            let aliceNotes = try await scenario.send(.get, "/2013-09-01/classes/Note", as: "alice")
            let carolNotes = try await scenario.send(.get, "/2013-09-01/classes/Note", as: "carol")

            #expect(RoleScenario.objectIds(aliceNotes) == ["0000000000000003", "0000000000000004"])
            #expect(RoleScenario.objectIds(carolNotes) == ["0000000000000003"])
        }
    }

    @Test func aCycleOfChildRolesIsTolerated() async throws {
        try await RoleScenario.run { scenario in
            try await scenario.addUser("alice")
            let first = try await scenario.createRole(
                #"{"roleName":"First","belongUser":\#(RoleScenario.relation("AddRelation", "user", "alice"))}"#)
            let second = try await scenario.createRole(
                #"{"roleName":"Second","belongRole":\#(RoleScenario.relation("AddRelation", "role", first))}"#)
            _ = try await scenario.send(
                .put, "/2013-09-01/roles/\(first)", body: #"{"belongRole":\#(RoleScenario.relation("AddRelation", "role", second))}"#)
            _ = try await scenario.send(.post, "/2013-09-01/classes/Note", body: #"{"acl":{"role:Second":{"read":true}}}"#)

            let response = try await scenario.send(.get, "/2013-09-01/classes/Note", as: "alice")

            #expect(response.status == .ok)
            #expect(RoleScenario.objectIds(response) == ["0000000000000003"])
            let roles = try await scenario.application.storage.accounts.roleNames(
                applicationId: scenario.application.application.applicationId, userObjectId: "alice")
            #expect(roles == ["First", "Second"])
        }
    }

    @Test func addingAUserToAChildRoleGrantsTheParentsAccessAtOnce() async throws {
        try await RoleScenario.run { scenario in
            try await scenario.addUser("alice")
            let child = try await scenario.createRole(#"{"roleName":"Child"}"#)
            _ = try await scenario.createRole(
                #"{"roleName":"Parent","belongRole":\#(RoleScenario.relation("AddRelation", "role", child))}"#)
            _ = try await scenario.send(.post, "/2013-09-01/classes/Note", body: #"{"acl":{"role:Parent":{"read":true}}}"#)
            let note = "/2013-09-01/classes/Note/0000000000000003"
            let before = try await scenario.send(.get, note, as: "alice")

            _ = try await scenario.send(
                .put, "/2013-09-01/roles/\(child)", body: #"{"belongUser":\#(RoleScenario.relation("AddRelation", "user", "alice"))}"#)
            let after = try await scenario.send(.get, note, as: "alice")

            #expect(before.status == .notFound)
            #expect(after.status == .ok)
        }
    }

    @Test func theDefaultACLOfTheApplicationAppliesToNewRoles() async throws {
        var settings = ApplicationSettings()
        settings.defaultObjectACL = AccessControlList([AccessControlList.publicKey: .init(read: true)])
        try await RoleScenario.run(settings: settings) { scenario in
            let role = try await scenario.createRole(#"{"roleName":"Staff"}"#)

            let get = try await scenario.send(.get, "/2013-09-01/roles/\(role)")
            let put = try await scenario.send(.put, "/2013-09-01/roles/\(role)", body: #"{"floor":1}"#)

            #expect(get.json?.objectValue?["acl"] == ["*": ["read": true]])
            #expect(put.status == .forbidden)
        }
    }
}
