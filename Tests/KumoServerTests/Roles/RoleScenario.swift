import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Users with live sessions and roles for tests on a real engine: users are written straight into storage (an object of
/// class `user` with a session grant), so these tests need no sign-up or login endpoint.
struct RoleScenario: Sendable {
    let application: TestApplication
    let requester: TestRequester

    /// The session token of a user created by ``addUser(_:)``: 25 characters derived from the objectId.
    static func sessionToken(of objectId: String) -> String {
        String((objectId + String(repeating: "t", count: 25)).prefix(25))
    }

    /// Creates a user `objectId` (public read, owner write) with a session valid for a day.
    func addUser(_ objectId: String) async throws {
        let now = application.clock.now()
        let key = ObjectKey(applicationId: application.application.applicationId, className: .user, objectId: objectId)
        var acl = AccessControlList([AccessControlList.publicKey: .init(read: true)])
        acl.set(.init(read: true, write: true), for: objectId)
        let grant = SessionGrant(
            tokenHash: SessionTokens.hash(Self.sessionToken(of: objectId)), createDate: now,
            expiresAt: WireDate(millisecondsSince1970: now.millisecondsSince1970 + 86_400_000), endsOtherSessions: false)
        _ = try await application.storage.objects.create(
            NewObject(
                key: key, createDate: now, operations: [(FieldName("userName")!, .set(.string(objectId)))], acl: acl,
                extras: .user(passwordHash: nil, session: grant)))
    }

    /// Sends a request as `user` (a user of ``addUser(_:)``), or anonymously.
    func send(
        _ method: HTTPRequest.Method, _ target: String, body: String? = nil, as user: String? = nil
    ) async throws -> TestResponse {
        let headers = user.map { [NCMBHeaderName.sessionToken: Self.sessionToken(of: $0)] } ?? [:]
        return try await requester.send(method, target, body: body, headers: headers)
    }

    /// Creates a role through the API and returns its objectId.
    func createRole(_ body: String, as user: String? = nil) async throws -> String {
        let response = try await send(.post, "/2013-09-01/roles", body: body, as: user)
        #expect(response.status == .created, "\(response.text)")
        return try #require(response.json?.objectValue?["objectId"]?.stringValue)
    }

    /// The JSON of an AddRelation / RemoveRelation operator over pointers of one class.
    static func relation(_ operation: String, _ className: String, _ objectIds: String...) -> String {
        let pointers = objectIds.map { #"{"__type":"Pointer","className":"\#(className)","objectId":"\#($0)"}"# }
        return #"{"__op":"\#(operation)","objects":[\#(pointers.joined(separator: ","))]}"#
    }

    /// A `where` for `$relatedTo` on a role's relation, percent-encoded for the query string.
    static func relatedTo(roleId: String, key: String) -> String {
        let query = #"{"$relatedTo":{"object":{"__type":"Pointer","className":"role","objectId":"\#(roleId)"},"key":"\#(key)"}}"#
        return "where=" + PercentEncoding.encode(query)
    }

    /// The objectIds of a `{"results":[…]}` body, sorted.
    static func objectIds(_ response: TestResponse) -> [String] {
        (response.json?.objectValue?["results"]?.arrayValue ?? []).compactMap { $0.objectValue?["objectId"]?.stringValue }.sorted()
    }

    /// Runs `body` on a fresh server on real SQLite.
    static func run(
        settings: ApplicationSettings = ApplicationSettings(), _ body: @escaping @Sendable (RoleScenario) async throws -> Void
    ) async throws {
        try await TestApplication.with(engine: .sqlite, settings: settings) { application in
            try await application.test { requester in try await body(RoleScenario(application: application, requester: requester)) }
        }
    }
}
