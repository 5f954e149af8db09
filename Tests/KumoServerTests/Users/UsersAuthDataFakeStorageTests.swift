import Hummingbird
import HummingbirdTesting
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `authData` sign-up/login and `PUT /users` over storage fakes (docs/wire/endpoints/users.md, F39–F45).
@Suite struct UsersAuthDataFakeStorageTests {
    static let uuid = "3dc72085-911b-4798-9707-d69e879a6185"

    /// A verifier that rejects every token.
    struct RejectingVerifier: AuthDataVerifier {
        func verify(provider: String, authData: JSONObject, settings: AuthProviderSettings) async throws {
            throw KumoError(.oAuthAuthenticationError, provider)
        }
    }

    static let facebookEnabled = ApplicationSettings(authProviders: ["facebook": AuthProviderSettings(isEnabled: true)])
    static let facebook =
        #"{"id":"100002415159782","access_token":"token","expiration_date":{"__type":"Date","iso":"2013-08-31T07:41:11.906Z"}}"#

    // MARK: Validation

    @Test(arguments: [
        (#"{"authData":{}}"#, #"{"code":"E400002","error":"authData is invalid."}"#),
        (#"{"authData":{"myspace":{"id":"1"}}}"#, #"{"code":"E400002","error":"authData is invalid."}"#),
        (#"{"authData":{"anonymous":{"id":"\#(uuid)"},"google":{"id":"1","access_token":"t"}}}"#, #"{"code":"E400002","error":"authData is invalid."}"#),
        (#"{"authData":{"anonymous":"x"}}"#, #"{"code":"E400002","error":"authData is invalid."}"#),
        (#"{"authData":{"anonymous":{}}}"#, #"{"code":"E400003","error":"id is empty."}"#),
        (#"{"authData":{"anonymous":{"id":"not-a-uuid"}}}"#, #"{"code":"E400004","error":"id is invalid format."}"#),
        (#"{"authData":{"anonymous":{"id":true}}}"#, #"{"code":"E400004","error":"id is invalid format."}"#),
        (#"{"authData":{"apple":{"id":"a","access_token":"t","client_id":"c"}}}"#, #"{"code":"E403005","error":"apple must not be entered."}"#),
        (#"{"authData":{"facebook":{"id":"1","expiration_date":{"__type":"Date","iso":"2013-08-31T07:41:11.906Z"}}}}"#, #"{"code":"E400003","error":"access_token is empty."}"#),
        (#"{"authData":{"facebook":{"id":"1","access_token":"t","expiration_date":"2013"}}}"#, #"{"code":"E400004","error":"expiration_date is invalid format."}"#),
    ])
    func authDataRefusesBadEntriesWithoutTouchingStorage(body: String, error: String) async throws {
        let response = try await TestApplication.with(storage: UserTests.storage(settings: Self.facebookEnabled)) { application in
            try await application.test { requester in try await requester.send(.post, "/2013-09-01/users", body: body) }
        }

        #expect(response.text == error)
    }

    @Test func aRejectedProviderTokenIsE401003() async throws {
        let response = try await TestApplication.with(
            storage: UserTests.storage(settings: Self.facebookEnabled), environment: { $0.authDataVerifier = RejectingVerifier() }
        ) { application in
            try await application.test { requester in
                try await requester.send(.post, "/2013-09-01/users", body: #"{"authData":{"facebook":\#(Self.facebook)}}"#)
            }
        }

        #expect(response.status == .unauthorized)
        #expect(response.text == #"{"code":"E401003","error":"OAuth facebook authentication error."}"#)
    }

    // MARK: Sign-up or login

    @Test func anUnknownAnonymousIdCreatesAUserWithARandomNameAndNoPassword() async throws {
        var storage = UserTests.storage()
        let created = LockedBox<NewObject?>(nil)
        storage.accountStore.onCredentials = { _, lookup in
            #expect(lookup == .unique(UniqueValue(field: "authData", value: "anonymous:\(Self.uuid)")))
            return nil
        }
        storage.objectStore.onCreate = { object in
            created.set(object)
            return StoredObject(
                objectId: object.key.objectId, createDate: object.createDate, updateDate: object.createDate, acl: object.acl,
                fields: JSONObject(object.operations.compactMap { field, operation in
                    if case .set(let value) = operation { (field.rawValue, value) } else { nil }
                }))
        }

        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                try await requester.send(.post, "/2013-09-01/users", body: #"{"authData":{"anonymous":{"id":"\#(Self.uuid)"}}}"#)
            }
        }

        let object = try #require(created.get())
        #expect(response.status == .created)
        #expect(object.passwordHash == nil)
        #expect(object.session != nil)
        #expect(object.operations.map(\.0.rawValue) == ["userName", "authData"])
        #expect(object.operations.first?.1 == .set("0000000001"))
        #expect(
            response.text
                == #"{"createDate":"2009-02-13T23:31:30.000Z","objectId":"0000000000000002","userName":"0000000001","authData":{"anonymous":{"id":"\#(Self.uuid)"}},"mailAddress":null,"mailAddressConfirm":false,"sessionToken":"0000000000000000000000003","updateDate":"2009-02-13T23:31:30.000Z"}"#
        )
    }

    @Test func aLinkedIdLogsInWithoutCreatingAUser() async throws {
        var storage = UserTests.storage()
        let sessions = LockedBox(0)
        storage.accountStore.onCredentials = { _, _ in
            UserCredentials(user: UserTests.storedUser(fields: ["userName": "u", "authData": ["anonymous": ["id": .string(Self.uuid)]]]), passwordHash: nil)
        }
        storage.accountStore.onCreateSession = { _, _, _ in sessions.mutate { $0 += 1 } }

        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                try await requester.send(.post, "/2013-09-01/users", body: #"{"authData":{"anonymous":{"id":"\#(Self.uuid)"}}}"#)
            }
        }

        #expect(response.status == .ok)
        #expect(sessions.get() == 1)
        #expect(response.json?.objectValue?["authData"] == ["anonymous": ["id": .string(Self.uuid)]])
    }

    @Test func aConcurrentLinkOfTheSameIdTurnsIntoALogin() async throws {
        var storage = UserTests.storage()
        let lookups = LockedBox(0)
        storage.accountStore.onCredentials = { _, _ in
            lookups.mutate { $0 += 1 }
            return lookups.get() == 1 ? nil : UserCredentials(user: UserTests.storedUser(), passwordHash: nil)
        }
        storage.objectStore.onCreate = { _ in throw StorageError.duplicate(field: "authData") }
        storage.accountStore.onCreateSession = { _, _, _ in }

        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                try await requester.send(.post, "/2013-09-01/users", body: #"{"authData":{"anonymous":{"id":"\#(Self.uuid)"}}}"#)
            }
        }

        #expect(response.status == .ok)
        #expect(lookups.get() == 2)
    }

    // MARK: Update

    @Test func updateHashesANewPasswordAndIgnoresSessionTokenAndMailAddressConfirm() async throws {
        var storage = UserTests.storage()
        let received = LockedBox<ObjectUpdate?>(nil)
        storage.accountStore.onDeleteSessions = { _, _, kept in
            #expect(kept == nil)
            return 0
        }
        storage.objectStore.onUpdate = { update, access in
            #expect(access == .anonymous)
            received.set(update)
            return UserTests.storedUser()
        }

        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                try await requester.send(
                    .put, "/2013-09-01/users/0000000000000001",
                    body: #"{"password":"new","sessionToken":"x","mailAddressConfirm":true,"nickname":"n"}"#)
            }
        }

        let update = try #require(received.get())
        #expect(response.status == .ok)
        #expect(response.text == #"{"updateDate":"2009-02-13T23:31:30.000Z"}"#)
        #expect(update.operations.map(\.0.rawValue) == ["nickname"])
        #expect(try await testPasswordHasher().verify("new", hash: try #require(update.passwordHash)))
    }

    @Test(arguments: [
        (#"{"password":""}"#, #"{"code":"E400003","error":"password is empty."}"#),
        (#"{"password":null}"#, #"{"code":"E400003","error":"password is empty."}"#),
        (#"{"userName":""}"#, #"{"code":"E400003","error":"userName is empty."}"#),
        (#"{"userName":{"__op":"Delete"}}"#, #"{"code":"E400002","error":"userName is invalid."}"#),
        (#"{"mailAddress":"no"}"#, #"{"code":"E400004","error":"mailAddress is invalid format."}"#),
    ])
    func updateRefusesBadAccountFieldsWithoutTouchingStorage(body: String, error: String) async throws {
        let response = try await TestApplication.with(storage: UserTests.storage()) { application in
            try await application.test { requester in
                try await requester.send(.put, "/2013-09-01/users/0000000000000001", body: body)
            }
        }

        #expect(response.text == error)
    }

    @Test func updateMergesAuthDataLinksIntoTheStoredOnes() async throws {
        var storage = UserTests.storage(settings: Self.facebookEnabled)
        storage.accountStore.onSession = UserTests.sessions("owner", objectId: "0000000000000001")
        storage.objectStore.onObject = { _, access in
            #expect(access == .user(objectId: "0000000000000001"))
            return UserTests.storedUser(fields: ["userName": "u", "authData": ["anonymous": ["id": .string(Self.uuid)], "google": ["id": "g"]]])
        }
        let received = LockedBox<ObjectUpdate?>(nil)
        storage.objectStore.onUpdate = { update, _ in
            received.set(update)
            return UserTests.storedUser()
        }

        _ = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                try await requester.send(
                    .put, "/2013-09-01/users/0000000000000001", body: #"{"authData":{"google":null,"facebook":\#(Self.facebook)}}"#,
                    token: "owner")
            }
        }

        let update = try #require(received.get())
        let facebook = try JSONValue(parsing: Array(Self.facebook.utf8))
        #expect(update.operations.map(\.0.rawValue) == ["authData"])
        #expect(update.operations.first?.1 == .set(["anonymous": ["id": .string(Self.uuid)], "facebook": facebook]))
    }
}
