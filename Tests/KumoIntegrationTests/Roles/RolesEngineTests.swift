import Hummingbird
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Roles, role inheritance and class-level permissions through the server on every engine under test (SQLite always,
/// PostgreSQL when `KUMO_TEST_POSTGRES_URL` is set): both engines must answer identically
/// (docs/wire/endpoints/roles.md, docs/wire/acl.md, docs/decisions/0004-role-inheritance.md).
@Suite struct RolesEngineTests {
    /// A server on one engine with users written straight into storage.
    struct Scenario: Sendable {
        let application: TestApplication
        let requester: TestRequester

        static func token(_ user: String) -> String { String((user + String(repeating: "t", count: 25)).prefix(25)) }

        func addUser(_ objectId: String) async throws {
            let now = application.clock.now()
            let grant = SessionGrant(
                tokenHash: SessionTokens.hash(Self.token(objectId)), createDate: now,
                expiresAt: WireDate(millisecondsSince1970: now.millisecondsSince1970 + 86_400_000), endsOtherSessions: false)
            let key = ObjectKey(applicationId: application.application.applicationId, className: .user, objectId: objectId)
            _ = try await application.storage.objects.create(
                NewObject(
                    key: key, createDate: now, operations: [(FieldName("userName")!, .set(.string(objectId)))], acl: .publicReadWrite,
                    extras: .user(passwordHash: nil, session: grant)))
        }

        func send(_ method: HTTPRequest.Method, _ target: String, body: String? = nil, as user: String? = nil) async throws
            -> TestResponse
        {
            try await requester.send(method, target, body: body, headers: user.map { [NCMBHeaderName.sessionToken: Self.token($0)] } ?? [:])
        }

        static func pointers(_ className: String, _ objectIds: String...) -> String {
            let pointers = objectIds.map { #"{"__type":"Pointer","className":"\#(className)","objectId":"\#($0)"}"# }
            return #"{"__op":"AddRelation","objects":[\#(pointers.joined(separator: ","))]}"#
        }
    }

    func run(_ engine: StorageEngine, _ body: @escaping @Sendable (Scenario) async throws -> Void) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in try await body(Scenario(application: application, requester: requester)) }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func rolesAnswerFixturesF52F53F57AndF59(engine: StorageEngine) async throws {
        try await run(engine) { scenario in
            let create = try await scenario.send(.post, "/2013-09-01/roles", body: #"{"roleName":"Parent"}"#)
            let duplicate = try await scenario.send(.post, "/2013-09-01/roles", body: #"{"roleName":"Parent"}"#)
            let child = try await scenario.send(.post, "/2013-09-01/roles", body: #"{"roleName":"Child"}"#)
            let childId = try #require(child.json?.objectValue?["objectId"]?.stringValue)
            let get = try await scenario.send(.get, "/2013-09-01/roles/0000000000000001")
            let link = try await scenario.send(
                .put, "/2013-09-01/roles/0000000000000001", body: #"{"belongRole":\#(Scenario.pointers("role", childId))}"#)
            let query =
                #"{"$relatedTo":{"object":{"__type":"Pointer","className":"role","objectId":"0000000000000001"},"key":"belongRole"}}"#
            let children = try await scenario.send(.get, "/2013-09-01/roles?where=" + PercentEncoding.encode(query))

            #expect(create.text == #"{"createDate":"2009-02-13T23:31:30.000Z","objectId":"0000000000000001"}"#)
            #expect(duplicate.text == #"{"code":"E409001","error":"roleName is duplication."}"#)
            #expect(
                get.text
                    == #"{"objectId":"0000000000000001","roleName":"Parent","belongRole":null,"belongUser":null,"createDate":"2009-02-13T23:31:30.000Z","updateDate":"2009-02-13T23:31:30.000Z","acl":{"*":{"read":true,"write":true}}}"#
            )
            #expect(link.status == .ok)
            let names = children.json?.objectValue?["results"]?.arrayValue?.compactMap { $0.objectValue?["roleName"]?.stringValue }
            #expect(names == ["Child"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func classPermissionsFollowInheritedRoles(engine: StorageEngine) async throws {
        try await run(engine) { scenario in
            for user in ["alice", "bob", "dave"] { try await scenario.addUser(user) }
            _ = try await scenario.send(
                .post, "/2013-09-01/roles", body: #"{"roleName":"Juniors","belongUser":\#(Scenario.pointers("user", "dave"))}"#)
            _ = try await scenario.send(
                .post, "/2013-09-01/roles",
                body:
                    #"{"roleName":"Staff","belongUser":\#(Scenario.pointers("user", "alice")),"belongRole":\#(Scenario.pointers("role", "0000000000000001"))}"#
            )
            try await scenario.application.storage.applications.setClassPermissions(
                ClassPermissions([.find: OperationPermission(isPublic: false, roleNames: ["Staff"])]),
                applicationId: scenario.application.application.applicationId, className: ClassName("Secret")!)
            scenario.application.clock.advance(milliseconds: 5001)

            var statuses: [String: Int] = [:]
            for caller in ["alice", "bob", "dave"] {
                statuses[caller] = try await scenario.send(.get, "/2013-09-01/classes/Secret", as: caller).status.code
            }
            statuses["anonymous"] = try await scenario.send(.get, "/2013-09-01/classes/Secret").status.code

            #expect(statuses == ["alice": 200, "bob": 403, "dave": 200, "anonymous": 403])
        }
    }
}
