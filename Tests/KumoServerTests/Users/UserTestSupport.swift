import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Shared helpers of the users tests.
enum UserTests {
    /// The session-token header (docs/wire/signature.md#session-token).
    static let sessionHeader = "X-NCMB-Apps-Session-Token"

    /// A user as storage returns it.
    static func storedUser(
        objectId: String = "0000000000000001", fields: JSONObject = ["userName": "taro"],
        acl: AccessControlList = .defaultUser(objectId: "0000000000000001", settings: ApplicationSettings())
    ) -> StoredObject {
        StoredObject(objectId: objectId, createDate: TestClock.start, updateDate: TestClock.start, acl: acl, fields: fields)
    }

    /// The fake application with other settings.
    static func application(settings: ApplicationSettings) -> HostedApplication {
        var application = TestApplication.fakeApplication
        application.settings = settings
        return application
    }

    /// A failing storage whose application store answers `application` by key.
    static func storage(settings: ApplicationSettings = ApplicationSettings()) -> FailingStorage {
        var storage = FailingStorage()
        let application = application(settings: settings)
        storage.applicationStore.onApplicationByKey = { key in key == application.applicationKey ? application : nil }
        // Class-level permissions are not the subject here: none are set.
        storage.applicationStore.onClassPermissions = { _ in [:] }
        return storage
    }

    /// A session lookup that knows `token` as a session of `objectId`.
    static func sessions(_ token: String, objectId: String) -> @Sendable (String, String, WireDate) async throws -> ActiveSession? {
        let hash = SessionTokens.hash(token)
        return { tokenHash, _, now in
            tokenHash == hash ? ActiveSession(userObjectId: objectId, expiresAt: WireDate(millisecondsSince1970: now.millisecondsSince1970 + 1000)) : nil
        }
    }
}

extension TestRequester {
    /// Signs up through `POST /users` and returns the new user's objectId and session token.
    func signUp(_ userName: String, password: String = "secret", extra: String = "") async throws -> (objectId: String, token: String) {
        let response = try await send(
            .post, "/2013-09-01/users", body: #"{"userName":"\#(userName)","password":"\#(password)"\#(extra)}"#)
        #expect(response.status == .created, "sign-up failed: \(response.text)")
        let object = try #require(response.json?.objectValue)
        return (try #require(object["objectId"]?.stringValue), try #require(object["sessionToken"]?.stringValue))
    }

    /// Sends a request as the holder of `token`.
    func send(
        _ method: HTTPRequest.Method, _ target: String, body: String? = nil, token: String
    ) async throws -> TestResponse {
        try await send(method, target, body: body, headers: [UserTests.sessionHeader: token])
    }
}
