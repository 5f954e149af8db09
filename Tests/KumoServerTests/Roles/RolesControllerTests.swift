import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `/roles` end to end through the in-process server on real SQLite: fixtures F52–F60
/// (docs/wire/endpoints/roles.md#fixtures).
@Suite struct RolesControllerTests {
    static let created = #"{"createDate":"2009-02-13T23:31:30.000Z","objectId":"0000000000000001"}"#
    static let notFound = #"{"code":"E404001","error":"No data available."}"#

    @Test func createAnswersAsFixtureF52() async throws {
        try await RoleScenario.run { scenario in
            let response = try await scenario.send(.post, "/2013-09-01/roles", body: #"{"roleName":"new_role_name"}"#)

            #expect(response.status == .created)
            #expect(response.text == Self.created)
        }
    }

    @Test func aSecondRoleWithTheSameNameAnswers409AsFixtureF53() async throws {
        try await RoleScenario.run { scenario in
            _ = try await scenario.createRole(#"{"roleName":"new_exist_role_name"}"#)

            let response = try await scenario.send(.post, "/2013-09-01/roles", body: #"{"roleName":"new_exist_role_name"}"#)

            #expect(response.status == .conflict)
            #expect(response.text == #"{"code":"E409001","error":"roleName is duplication."}"#)
        }
    }

    @Test func createWithUsersMakesThemHoldTheRoleAsFixtureF54() async throws {
        try await RoleScenario.run { scenario in
            try await scenario.addUser("epaKcaYZqsREdSMY")

            let response = try await scenario.send(
                .post, "/2013-09-01/roles",
                body: #"{"roleName":"mainRole","belongUser":\#(RoleScenario.relation("AddRelation", "user", "epaKcaYZqsREdSMY"))}"#)

            #expect(response.status == .created)
            let roles = try await scenario.application.storage.accounts.roleNames(
                applicationId: scenario.application.application.applicationId, userObjectId: "epaKcaYZqsREdSMY")
            #expect(roles == ["mainRole"])
        }
    }

    @Test func aChildRoleIsAddedAsFixtureF55AndListedAsFixtureF59() async throws {
        try await RoleScenario.run { scenario in
            let parent = try await scenario.createRole(#"{"roleName":"Parent"}"#)
            let child = try await scenario.createRole(#"{"roleName":"Child"}"#)
            _ = try await scenario.createRole(#"{"roleName":"Unrelated"}"#)
            scenario.application.clock.advance(milliseconds: 1000)

            let update = try await scenario.send(
                .put, "/2013-09-01/roles/\(parent)",
                body: #"{"belongRole":\#(RoleScenario.relation("AddRelation", "role", child))}"#)
            let children = try await scenario.send(.get, "/2013-09-01/roles?" + RoleScenario.relatedTo(roleId: parent, key: "belongRole"))

            #expect(update.status == .ok)
            #expect(update.text == #"{"updateDate":"2009-02-13T23:31:31.000Z"}"#)
            #expect(RoleScenario.objectIds(children) == [child])
        }
    }

    @Test func removedUsersNoLongerHoldTheRoleAsFixtureF56() async throws {
        try await RoleScenario.run { scenario in
            try await scenario.addUser("alice")
            try await scenario.addUser("bob")
            let role = try await scenario.createRole(
                #"{"roleName":"Staff","belongUser":\#(RoleScenario.relation("AddRelation", "user", "alice", "bob"))}"#)

            let response = try await scenario.send(
                .put, "/2013-09-01/roles/\(role)", body: #"{"belongUser":\#(RoleScenario.relation("RemoveRelation", "user", "alice"))}"#)

            #expect(response.status == .ok)
            let applicationId = scenario.application.application.applicationId
            #expect(try await scenario.application.storage.accounts.roleNames(applicationId: applicationId, userObjectId: "alice") == [])
            #expect(
                try await scenario.application.storage.accounts.roleNames(applicationId: applicationId, userObjectId: "bob") == ["Staff"])
        }
    }

    @Test func getAnswersAsFixtureF57() async throws {
        try await RoleScenario.run { scenario in
            let role = try await scenario.createRole(#"{"roleName":"role_test1"}"#)

            let response = try await scenario.send(.get, "/2013-09-01/roles/\(role)")

            #expect(response.status == .ok)
            #expect(
                response.text
                    == #"{"objectId":"0000000000000001","roleName":"role_test1","belongRole":null,"belongUser":null,"createDate":"2009-02-13T23:31:30.000Z","updateDate":"2009-02-13T23:31:30.000Z","acl":{"*":{"read":true,"write":true}}}"#
            )
        }
    }

    @Test func getShowsAUsedRelationAsARelationMarker() async throws {
        try await RoleScenario.run { scenario in
            try await scenario.addUser("alice")
            let role = try await scenario.createRole(
                #"{"roleName":"Staff","belongUser":\#(RoleScenario.relation("AddRelation", "user", "alice")),"floor":3}"#)

            let response = try await scenario.send(.get, "/2013-09-01/roles/\(role)")

            let object = try #require(response.json?.objectValue)
            #expect(object.keys == ["objectId", "roleName", "belongRole", "belongUser", "createDate", "updateDate", "acl", "floor"])
            #expect(object["belongUser"] == ["__type": "Relation", "className": "user"])
            #expect(object["belongRole"] == .null)
        }
    }

    @Test func usersOfARoleAreListedAsFixtureF58() async throws {
        try await RoleScenario.run { scenario in
            try await scenario.addUser("alice")
            try await scenario.addUser("bob")
            try await scenario.addUser("carol")
            let role = try await scenario.createRole(
                #"{"roleName":"Staff","belongUser":\#(RoleScenario.relation("AddRelation", "user", "alice", "carol"))}"#)

            let response = try await scenario.send(.get, "/2013-09-01/users?" + RoleScenario.relatedTo(roleId: role, key: "belongUser"))

            #expect(response.status == .ok)
            #expect(RoleScenario.objectIds(response) == ["alice", "carol"])
        }
    }

    @Test(arguments: [HTTPRequest.Method.put, .delete])
    func updateOrDeleteOfAMissingRoleAnswers404AsFixtureF60(method: HTTPRequest.Method) async throws {
        try await RoleScenario.run { scenario in
            let response = try await scenario.send(method, "/2013-09-01/roles/missingRoleId00", body: method == .put ? #"{"a":1}"# : nil)

            #expect(response.status == .notFound)
            #expect(response.text == Self.notFound)
        }
    }

    @Test func deleteRemovesTheRoleAndItsGrants() async throws {
        try await RoleScenario.run { scenario in
            try await scenario.addUser("alice")
            let role = try await scenario.createRole(
                #"{"roleName":"Staff","belongUser":\#(RoleScenario.relation("AddRelation", "user", "alice"))}"#)

            let delete = try await scenario.send(.delete, "/2013-09-01/roles/\(role)")
            let get = try await scenario.send(.get, "/2013-09-01/roles/\(role)")

            #expect(delete.status == .ok)
            #expect(delete.text.isEmpty)
            #expect(get.status == .notFound)
            let roles = try await scenario.application.storage.accounts.roleNames(
                applicationId: scenario.application.application.applicationId, userObjectId: "alice")
            #expect(roles.isEmpty)
        }
    }

    @Test func theNameOfADeletedRoleCanBeUsedAgain() async throws {
        try await RoleScenario.run { scenario in
            let role = try await scenario.createRole(#"{"roleName":"Staff"}"#)
            _ = try await scenario.send(.delete, "/2013-09-01/roles/\(role)")

            let response = try await scenario.send(.post, "/2013-09-01/roles", body: #"{"roleName":"Staff"}"#)

            #expect(response.status == .created)
        }
    }

    @Test(arguments: [
        #"{}"#, #"{"roleName":""}"#, #"{"roleName":7}"#, #"{"roleName":"a b"}"#,
        #"{"roleName":"r","belongUser":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"role","objectId":"x"}]}}"#,
        #"{"roleName":"r","belongRole":[1]}"#, #"{"roleName":"r","acl":[]}"#,
    ])
    func aRefusedCreateWritesNothing(body: String) async throws {
        try await RoleScenario.run { scenario in
            let response = try await scenario.send(.post, "/2013-09-01/roles", body: body)
            let roles = try await scenario.send(.get, "/2013-09-01/roles?count=1&limit=0")

            #expect(response.status == .badRequest)
            #expect(roles.text == #"{"results":[],"count":0}"#)
        }
    }

    @Test func aRenameIsRefusedAndTheStoredNameIsAccepted() async throws {
        try await RoleScenario.run { scenario in
            let role = try await scenario.createRole(#"{"roleName":"Staff"}"#)

            let rename = try await scenario.send(.put, "/2013-09-01/roles/\(role)", body: #"{"roleName":"Admin"}"#)
            let same = try await scenario.send(
                .put, "/2013-09-01/roles/\(role)", body: #"{"roleName":"Staff","belongUser":null,"belongRole":null,"floor":2}"#)
            let get = try await scenario.send(.get, "/2013-09-01/roles/\(role)")

            #expect(rename.status == .forbidden)
            #expect(rename.text == #"{"code":"E403005","error":"roleName must not be entered."}"#)
            #expect(same.status == .ok)
            #expect(get.json?.objectValue?["roleName"] == "Staff")
            #expect(get.json?.objectValue?["floor"] == 2)
        }
    }

    @Test func findListsRolesInTheRoleShape() async throws {
        try await RoleScenario.run { scenario in
            _ = try await scenario.createRole(#"{"roleName":"Staff"}"#)
            _ = try await scenario.createRole(#"{"roleName":"Admin"}"#)

            let response = try await scenario.send(.get, "/2013-09-01/roles?order=roleName")

            let results = response.json?.objectValue?["results"]?.arrayValue ?? []
            #expect(results.compactMap { $0.objectValue?["roleName"]?.stringValue } == ["Admin", "Staff"])
            #expect(results.allSatisfy { $0.objectValue?["belongUser"] == .null })
        }
    }
}
