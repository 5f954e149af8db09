import Foundation
import NCMB
import NCMBWire

/// The UUID every test context hands out for automatic users.
let testUUID = UUID(uuid: (0x3D, 0xC7, 0x20, 0x85, 0x91, 0x1B, 0x47, 0x98, 0x97, 0x07, 0xD6, 0x9E, 0x87, 0x9A, 0x61, 0x85))

/// Canned responses of the user endpoints (docs/wire/endpoints/users.md#fixtures).
enum UserReplies {
    /// F29: a sign-up.
    static let signedUp =
        #"{"createDate":"2013-08-28T11:27:16.446Z","objectId":"epaKcaYZqsREdSMY","sessionToken":"iXDIelJRY3ULBdms281VTmc5O","userName":"Yamada Tarou","authData":null}"#
    /// F32: a login by user name.
    static let loggedIn =
        #"{"objectId":"HwwaZ60AOTdKRWyC","userName":"name","mailAddress":null,"mailAddressConfirm":null,"sessionToken":"ojUDAfEBgGadVsyQE3XO0yraa","createDate":"2015-05-28T05:55:57.027Z","updateDate":"2015-05-28T05:56:55.119Z","authData":null}"#
    /// F40: an anonymous sign-up.
    static let anonymous =
        #"{"createDate":"2013-08-16T11:49:44.991Z","objectId":"aTAe6VXd3ZElDtlG","userName":"ljmuJgf4ri","authData":{"anonymous":{"id":"3DC72085-911B-4798-9707-D69E879A6185"}},"mailAddress":null,"mailAddressConfirm":false,"sessionToken":"esMM7OVu4PlK5spYNLLrR15io","updateDate":"2013-08-16T11:49:45.108Z"}"#
    static let fetched =
        #"{"objectId":"epaKcaYZqsREdSMY","userName":"Yamada Tarou","mailAddress":"taro@example.com","createDate":"2013-08-28T11:27:16.446Z","updateDate":"2013-08-29T00:00:00.000Z","authData":null}"#
    static let updated = #"{"updateDate":"2013-08-30T00:00:00.000Z"}"#
    static let mailRequested = #"{"createDate":"2013-08-28T06:30:03.191Z"}"#
    static let duplicateUserName = #"{"code":"E409001","error":"userName is duplication."}"#
    static let wrongPassword = #"{"code":"E401002","error":"Authentication error with ID/PASS incorrect."}"#
    static let deadSession = #"{"code":"E401001","error":"Authentication error by header incorrect."}"#
    static let noData = #"{"code":"E404001","error":"No data available."}"#
    static let denied = #"{"code":"E403001","error":"No access with ACL."}"#
}

/// A transport, a local store and a context over both, for tests of users and roles.
struct UserTestEnvironment {
    let transport = RecordingTransport()
    let store: MemoryLocalStore
    let context: NCMBContext

    /// Creates an environment persisting to `store` (a new one by default).
    init(store: MemoryLocalStore = MemoryLocalStore()) {
        self.store = store
        self.context = NCMBContext(
            applicationKey: TestKeys.applicationKey, clientKey: TestKeys.clientKey, transport: transport, now: { testDate },
            session: NCMBSession(localStore: store), newUUID: { testUUID })
    }

    /// A new environment over the same local store: the app launched again.
    func relaunched() -> UserTestEnvironment { UserTestEnvironment(store: store) }

    /// Runs `body` with this environment's context bound.
    func bound<Value>(_ body: () throws -> Value) rethrows -> Value {
        try NCMBContext.$current.withValue(context, operation: body)
    }

    /// Runs one operation in `form` with this environment's context bound, also on the blocking form's thread.
    func run<Value: Sendable>(
        _ form: CallForm, async asyncForm: @escaping @Sendable () async throws -> Value,
        blocking blockingForm: @escaping @Sendable () -> NCMBResult<Value>,
        callback callbackForm: (@escaping NCMBHandler<Value>) -> Void
    ) async -> NCMBResult<Value> {
        let context = self.context
        return await NCMBContext.$current.withValue(context) {
            await form.run(
                async: asyncForm, blocking: { NCMBContext.$current.withValue(context) { blockingForm() } },
                callback: callbackForm)
        }
    }

    /// A user with `fields`, created in this environment's context.
    func makeUser(_ fields: [String: any Sendable] = [:], objectId: String? = nil) -> NCMBUser {
        let user = bound { NCMBUser() }
        for key in fields.keys.sorted() { user[key] = fields[key] }
        user.objectId = objectId
        return user
    }

    /// Signs a user in through a login, as the first step of a test.
    func signIn() async throws -> NCMBUser {
        transport.expect(.login(.body(["userName": "name", "password": "passwd"])), reply: .json(200, UserReplies.loggedIn))
        try await NCMBContext.$current.withValue(context) { try await NCMBUser.logIn(userName: "name", password: "passwd") }
        return try bound { try requireCurrentUser() }
    }

    /// The stored current user, as JSON; `nil` when nothing is stored.
    var storedUser: JSONObject? {
        guard let data = store.load(.currentUser) else { return nil }
        return (try? JSONValue(parsing: Array(data)))?.objectValue
    }

    /// The session token the next request will carry.
    var sessionToken: String? { context.session.sessionToken }
}

/// The current user of the bound context, or a thrown error.
func requireCurrentUser() throws -> NCMBUser {
    guard let user = NCMBUser.currentUser else { throw UnexpectedRequest(description: "no current user") }
    return user
}

extension RecordingTransport {
    /// The body of the request at `index`, as text.
    func body(at index: Int) -> String? {
        let requests = self.requests
        guard requests.indices.contains(index) else { return nil }
        return String(decoding: requests[index].body, as: UTF8.self)
    }

    /// The session token header of the request at `index`.
    func sessionToken(at index: Int) -> String? {
        let requests = self.requests
        guard requests.indices.contains(index) else { return nil }
        return requests[index].headers["X-NCMB-Apps-Session-Token"]
    }
}
