import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// One signed-up user of the security fixture.
struct SecurityAccount: Sendable {
    /// The user's objectId.
    var objectId: String
    /// The session token sign-up answered.
    var sessionToken: String
    /// The user's `userName`.
    var userName: String
}

/// The principals every security case shares, all created through the REST API (docs/wire/endpoints/users.md,
/// docs/wire/endpoints/roles.md): `owner`, `other`, `member` (of role `Staff`) and `childMember` (of role `Junior`,
/// where `Staff.belongRole ∋ Junior`, so Junior's members hold Staff's permissions,
/// docs/decisions/0004-role-inheritance.md).
struct SecurityPrincipals: Sendable {
    var owner: SecurityAccount
    var other: SecurityAccount
    var member: SecurityAccount
    var childMember: SecurityAccount
    /// The objectId of role `Staff`.
    var staffRoleId: String
    /// The objectId of role `Junior`.
    var juniorRoleId: String
}

/// The seeded server a security suite runs against: one per suite, shared by every case (cases create their own rows).
struct SecurityServer: Sendable {
    /// Sends signed requests.
    let requester: TestRequester
    /// The application under test, for reading rows past the ACL (`.bypass`) to check that nothing was written.
    let application: TestApplication
    /// The shared users and roles.
    let principals: SecurityPrincipals

    /// The server of the running suite, bound by ``SecurityServerTrait``.
    @TaskLocal static var current: SecurityServer?

    /// How many cases of one suite talk to the server at once. swift-testing starts all (hundreds of) parameterized
    /// cases together; unbounded, their storage calls queue behind a 4-connection PostgreSQL pool on a busy 2-core CI
    /// machine until the storage timeout answers 503 — an overload of the test harness, not a product failure.
    let caseSlots = AsyncSlots(8)

    /// Runs one case against the suite's server, holding one of ``caseSlots``.
    static func runCase(_ body: @Sendable (SecurityServer) async throws -> Void) async throws {
        let server = try #require(current, "the suite trait binds the seeded server")
        try await server.caseSlots.withSlot { try await body(server) }
    }

    /// The password every fixture user signs up with (its userName is appended).
    static func password(of userName: String) -> String { "Pw-\(userName)-9f3c" }

    /// Creates the principals: four users by sign-up, then `Junior` (belongUser ∋ childMember) and `Staff`
    /// (belongUser ∋ member, belongRole ∋ Junior), both publicly readable and writable only by `owner`.
    static func seed(through requester: TestRequester) async throws -> SecurityPrincipals {
        let owner = try await requester.signUp("securityOwner")
        let other = try await requester.signUp("securityOther")
        let member = try await requester.signUp("securityMember")
        let childMember = try await requester.signUp("securityChildMember")
        let roleACL: JSONValue = ["*": ["read": true], owner.objectId: ["read": true, "write": true]]
        let junior = try await requester.createRole(
            ["roleName": "Junior", "belongUser": addRelation([userPointer(childMember.objectId)]), "acl": roleACL],
            as: owner.sessionToken)
        let staff = try await requester.createRole(
            [
                "roleName": "Staff", "belongUser": addRelation([userPointer(member.objectId)]),
                "belongRole": addRelation([rolePointer(junior)]), "acl": roleACL,
            ], as: owner.sessionToken)
        return SecurityPrincipals(
            owner: owner, other: other, member: member, childMember: childMember, staffRoleId: staff, juniorRoleId: junior)
    }
}

/// Starts a Kumo server on one engine, seeds ``SecurityPrincipals`` and binds ``SecurityServer/current`` around the
/// whole suite, then removes everything.
struct SecurityServerTrait: SuiteTrait, TestScoping {
    /// The storage engine under the server.
    var engine: StorageEngine

    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // `test` runs its closure to completion before returning, so `function` never outlives this call.
        try await withoutActuallyEscaping(function) { function in
            try await TestApplication.with(engine: engine) { application in
                try await application.test { requester in
                    let principals = try await SecurityServer.seed(through: requester)
                    let server = SecurityServer(requester: requester, application: application, principals: principals)
                    try await SecurityServer.$current.withValue(server) { try await function() }
                }
            }
        }
    }
}

extension Trait where Self == SecurityServerTrait {
    /// Runs the suite against one server on `engine` seeded with the security principals.
    static func securityServer(on engine: StorageEngine) -> Self { SecurityServerTrait(engine: engine) }
}

// MARK: - JSON builders

/// `{"__type":"Pointer","className":"user","objectId":…}`.
func userPointer(_ objectId: String) -> JSONValue { pointer("user", objectId) }

/// `{"__type":"Pointer","className":"role","objectId":…}`.
func rolePointer(_ objectId: String) -> JSONValue { pointer("role", objectId) }

/// A Pointer in wire form.
func pointer(_ className: String, _ objectId: String) -> JSONValue {
    ["__type": "Pointer", "className": .string(className), "objectId": .string(objectId)]
}

/// `{"__op":"AddRelation","objects":[…]}`.
func addRelation(_ pointers: [JSONValue]) -> JSONValue { ["__op": "AddRelation", "objects": .array(pointers)] }

/// A query string from name/value pairs, each value percent-encoded.
func queryString(_ parameters: [(String, String)]) -> String {
    parameters.map { "\($0.0)=\(PercentEncoding.encode($0.1))" }.joined(separator: "&")
}

/// The JSON text of a value.
func jsonText(_ value: JSONValue) -> String { value.serializedString() }
