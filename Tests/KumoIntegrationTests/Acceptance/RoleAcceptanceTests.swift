import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The acceptance scenario of issue 4 over raw REST: signUp → logIn → save an object readable only by role R → a
/// non-member is denied → add the user to a child role of R → now allowed → logOut (the token is then rejected).
@Suite struct RoleAcceptanceTests {
    @Test(arguments: TestDatabase.engines)
    func aChildRoleOpensAnObjectReadableOnlyByItsParentUntilLogout(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                let password = "Accept-Pw-4411"
                // signUp
                let signUp = try await requester.send(
                    .post, "/2013-09-01/users", json: ["userName": "carol", "password": .string(password)], as: nil)
                #expect(signUp.status.code == 201, "sign-up: \(signUp.text)")
                let carol = try #require(signUp.json?.objectValue?["objectId"]?.stringValue, "sign-up: \(signUp.text)")
                // logIn
                let login = try await requester.send(
                    .post, "/2013-09-01/login", json: ["userName": "carol", "password": .string(password)], as: nil)
                #expect(login.status.code == 200, "login: \(login.text)")
                let token = try #require(login.json?.objectValue?["sessionToken"]?.stringValue, "login: \(login.text)")
                // Roles: R = Editors, its child Interns (Editors.belongRole ∋ Interns).
                let interns = try await requester.createRole(["roleName": "Interns"], as: token)
                let editors = try await requester.createRole(
                    ["roleName": "Editors", "belongRole": addRelation([rolePointer(interns)])], as: token)
                // save an object readable only by R
                let draft = try await requester.create(
                    "/2013-09-01/classes/Draft", ["title": "plan", "acl": ["role:Editors": ["read": true]]], as: token)
                let draftPath = "/2013-09-01/classes/Draft/\(draft)"

                // a non-member is denied
                expectNotFound(try await requester.send(.get, draftPath, as: token), "GET before joining")
                let hidden = try await requester.find("/2013-09-01/classes/Draft", where: [:], [("count", "1")], as: token)
                #expect(resultIds(hidden) == [] && hidden["count"] == 0, "find before joining")

                // add the user to the child role
                try await requester.update(
                    "/2013-09-01/roles/\(interns)", ["belongUser": addRelation([userPointer(carol)])], as: token)

                // now allowed
                let allowed = try await requester.send(.get, draftPath, as: token)
                #expect(allowed.status.code == 200, "GET after joining: \(allowed.text)")
                #expect(allowed.json?.objectValue?["title"] == "plan")
                let found = try await requester.find("/2013-09-01/classes/Draft", where: [:], [("count", "1")], as: token)
                #expect(resultIds(found) == [draft] && found["count"] == 1, "find after joining")
                // read, not write: the ACL grants Editors read only
                expectDenied(try await requester.send(.put, draftPath, json: ["title": "x"], as: token), "PUT after joining")
                #expect(editors != interns)

                // logOut, then the token is rejected
                let logout = try await requester.send(.get, "/2013-09-01/logout", as: token)
                #expect(logout.status.code == 200 && logout.text.isEmpty, "logout: \(logout.status.code) \(logout.text)")
                expectError(
                    try await requester.send(.get, draftPath, as: token), status: 401, code: "E401001",
                    message: "Authentication error by header incorrect.", "GET after logout")
                expectNotFound(try await requester.send(.get, draftPath, as: nil), "anonymous GET after logout")
            }
        }
    }
}
