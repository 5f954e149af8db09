import HTTPTypes
import HummingbirdTesting
import KumoSeams
import NIOCore
import KumoScripts
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Who may run a script (`kumo scripts deploy --run public|authenticated|role:NAME`), on both storage engines.
@Suite(.enabled(if: TestNode.isEnabled, "needs Node.js (Debian's nodejs) outside CI"))
struct ScriptPermissionTests {
    @Test(arguments: TestDatabase.engines)
    func runPermissionsAreEnforced(engine: StorageEngine) async throws {
        try await TestApplication.withScripts(engine: engine) { app, _ in
            try await app.deploy("public.js", "module.exports = (req, res) => res.send('public');")
            try await app.deploy(
                "members.js", "module.exports = (req, res) => res.send('members');",
                runPermission: OperationPermission(isPublic: false, allowsAuthenticatedUsers: true))
            try await app.deploy(
                "admins.js", "module.exports = (req, res) => res.send('admins');",
                runPermission: OperationPermission(isPublic: false, roleNames: ["admin"]))
            try await app.test { requester in
                #expect(try await requester.script(.get, "public.js").text == "public")
                let anonymous = try await requester.script(.get, "members.js")
                #expect(anonymous.status == .forbidden)
                #expect(anonymous.errorCode == "E403001")

                let signUp = try await requester.send(.post, "/2013-09-01/users", body: #"{"userName":"taro","password":"secret"}"#)
                let user = try #require(signUp.json?.objectValue)
                let token = try #require(user["sessionToken"]?.stringValue)
                let userId = try #require(user["objectId"]?.stringValue)
                let session = ["X-NCMB-Apps-Session-Token": token]
                #expect(try await requester.script(.get, "members.js", headers: session).text == "members")
                #expect(try await requester.script(.get, "admins.js", headers: session).errorCode == "E403001")

                let role = try await requester.send(
                    .post, "/2013-09-01/roles",
                    body: #"{"roleName":"admin","belongUser":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"user","objectId":"\#(userId)"}]}}"#)
                #expect(role.status == .created)
                #expect(try await requester.script(.get, "admins.js", headers: session).text == "admins")
            }
            let log = try await app.storage.scripts.recentExecutions(
                applicationId: app.application.applicationId, scriptName: "members.js", limit: 10)
            #expect(log.map(\.status) == [.before, .done])
        }
    }
}
