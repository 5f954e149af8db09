import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// What a newcomer's first hour needs of the admin API (issue 30): the users' linked accounts, an application created
/// with existing NCMB keys, and each SDK's connection code with the endpoint (docs/dashboard.md#applications,
/// docs/dashboard.md#users).
@Suite struct NewcomerAPITests {
    static let users = "/dashboard/api/apps/test/classes/users/objects"
    static let facebookToken = "EAAB-secret-access-token"
    static let anonymousId = "3dc72085-911b-4798-9707-d69e879a6185"

    static func object(_ response: TestResponse) -> JSONObject { response.json?.objectValue ?? [:] }

    /// Stores a user with `authData` as a sign-up through a provider leaves it.
    static func storeUser(_ harness: DashboardHarness, _ objectId: String, userName: String, authData: JSONValue?) async throws {
        var operations: [(FieldName, FieldOperation)] = [(FieldName("userName")!, .set(.string(userName)))]
        if let authData { operations.append((FieldName("authData")!, .set(authData))) }
        _ = try await harness.server.storage.objects.create(
            NewObject(
                key: ObjectKey(applicationId: "TestApplicationId", className: .user, objectId: objectId),
                createDate: harness.server.clock.now(), operations: operations, acl: .publicReadWrite))
    }

    // MARK: Linked accounts

    @Test func theUsersListNamesEachLinkedAccountWithoutItsTokens() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()
            try await Self.storeUser(
                harness, "facebookUser0001", userName: "alice",
                authData: ["facebook": ["id": "100002415159782", "access_token": .string(Self.facebookToken)]])
            try await Self.storeUser(
                harness, "anonymousUser001", userName: "bob", authData: ["anonymous": ["id": .string(Self.anonymousId)]])
            try await Self.storeUser(harness, "plainUser0000001", userName: "carol", authData: nil)

            let list = try await session.send(.get, Self.users + "?order=userName")
            let other = try await session.change(.post, "/dashboard/api/apps/test/classes/Chat/objects", body: #"{"text":"hi"}"#)
            let chats = try await session.send(.get, "/dashboard/api/apps/test/classes/Chat/objects")

            #expect(list.status == .ok && other.status == .created)
            let linked = try #require(Self.object(list)["linkedAccounts"]?.objectValue)
            #expect(linked["facebookUser0001"] == [["provider": "facebook", "id": "100002415159782"]])
            #expect(linked["anonymousUser001"] == [["provider": "anonymous"]])
            #expect(linked["plainUser0000001"] == nil)
            let text = String(buffer: list.body)
            #expect(!text.contains(Self.facebookToken) && !text.contains(Self.anonymousId))
            #expect(Self.object(list)["results"]?.arrayValue?.allSatisfy { $0.objectValue?["authData"] == nil } == true)
            #expect(Self.object(chats)["linkedAccounts"] == nil)
        }
    }

    // MARK: Existing keys

    @Test func anApplicationCreatedWithExistingNCMBKeysKeepsThemAndIsAudited() async throws {
        let applicationKey = String(repeating: "0a1b", count: 16)
        let clientKey = String(repeating: "9f8e", count: 16)
        try await DashboardHarness.with { harness, session in
            try await session.signIn()

            let created = try await session.change(
                .post, "/dashboard/api/apps",
                body: #"{"name":"moved","applicationKey":"\#(applicationKey)","clientKey":"\#(clientKey)"}"#)
            let detail = try await session.send(.get, "/dashboard/api/apps/moved")

            #expect(created.status == .created)
            #expect(Self.object(detail)["applicationKey"] == .string(applicationKey))
            #expect(Self.object(detail)["clientKey"] == .string(clientKey))
            let stored = try await harness.server.storage.applications.application(applicationKey: applicationKey)
            #expect(stored?.name == "moved")
            let entry = try #require(try await harness.audit().first)
            #expect(entry.action == "application.create" && entry.application == "moved")
        }
    }

    @Test func badOrTakenKeysAreRefusedAndNothingIsCreated() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()
            let taken = try #require(try await harness.server.storage.applications.application(named: "test")).applicationKey

            let cases: [(body: String, status: HTTPResponse.Status, code: String)] = [
                (#"{"name":"a","applicationKey":"abcdef"}"#, .badRequest, "clientKey"),
                (#"{"name":"a","clientKey":"abcdef"}"#, .badRequest, "applicationKey"),
                (#"{"name":"a","applicationKey":"ab cd","clientKey":"abcdef"}"#, .badRequest, "applicationKey"),
                (#"{"name":"a","applicationKey":"abcdef","clientKey":"キー"}"#, .badRequest, "clientKey"),
                (#"{"name":"a","applicationKey":"","clientKey":"abcdef"}"#, .badRequest, "applicationKey"),
                (#"{"name":"a","applicationKey":"\#(String(repeating: "a", count: 201))","clientKey":"b"}"#, .badRequest, "applicationKey"),
                (#"{"name":"a","applicationKey":12,"clientKey":"abcdef"}"#, .badRequest, "applicationKey"),
                (#"{"name":"a","applicationKey":"\#(taken)","clientKey":"abcdef"}"#, .conflict, "applicationKey"),
            ]
            for (body, status, code) in cases {
                let answer = try await session.change(.post, "/dashboard/api/apps", body: body)
                #expect(answer.status == status && Self.object(answer)["code"] == .string(code), "\(body)")
            }
            #expect(try await harness.server.storage.applications.application(named: "a") == nil)
            #expect(try await harness.audit().contains { $0.action == "application.create" } == false)
        }
    }

    // MARK: Connection snippets

    @Test func theApplicationCarriesEachSDKsCodeWithTheEndpointAndMaskedKeys() async throws {
        try await DashboardHarness.with(environment: { environment, _ in
            environment.apiEndpoint = DashboardAPIEndpoint("https://api.example.com")
        }) { harness, session in
            try await session.signIn()
            let application = try #require(try await harness.server.storage.applications.application(named: "test"))

            let detail = try await session.send(.get, "/dashboard/api/apps/test")

            let connection = try #require(Self.object(detail)["connection"]?.objectValue)
            #expect(connection["endpoint"] == "https://api.example.com/")
            let snippets = connection["snippets"]?.arrayValue?.compactMap(\.objectValue) ?? []
            #expect(snippets.compactMap { $0["sdk"]?.stringValue } == ClientSDK.allCases.map(\.rawValue))
            let swift = try #require(snippets.first { $0["sdk"] == "swift" })
            #expect(
                swift["code"]
                    == .string(
                        #"NCMB.initialize(applicationKey: "\#(application.applicationKey)", clientKey: "\#(application.clientKey)", domainURL: "https://api.example.com/")"#
                    ))
            for snippet in snippets {
                let masked = snippet["masked"]?.stringValue ?? ""
                #expect(!masked.contains(application.applicationKey) && !masked.contains(application.clientKey) && masked.contains("•"))
                #expect(snippet["code"]?.stringValue?.contains(application.applicationKey) == true)
            }
        }
    }

    @Test func withoutAKnownEndpointTheApplicationHasNoSnippets() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()

            let detail = try await session.send(.get, "/dashboard/api/apps/test")

            #expect(detail.status == .ok && Self.object(detail)["connection"] == .null)
        }
    }

    @Test func theEndpointIsThePublicURLElseTheListenersOnceKnown() {
        let given = DashboardAPIEndpoint("https://api.example.com")
        given.listening(at: "http://127.0.0.1:8080/")
        let listening = DashboardAPIEndpoint()
        let before = listening.endpoint
        listening.listening(at: "http://127.0.0.1:8080/")

        #expect(given.endpoint?.baseURL == "https://api.example.com/")
        #expect(before == nil && listening.endpoint?.baseURL == "http://127.0.0.1:8080/")
        #expect(DashboardAPIEndpoint("https://api.example.com/path").endpoint == nil)
    }
}
