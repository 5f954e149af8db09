import Hummingbird
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Sign-up, login and logout over storage fakes that fail on any call a test did not expect: exactly what is asked of
/// storage, and that bad input asks nothing (docs/wire/endpoints/users.md, docs/decisions/0005-default-acl.md,
/// docs/decisions/0010-session-lifetime.md).
@Suite struct UsersControllerFakeStorageTests {
    // MARK: Sign-up

    @Test func signUpCreatesUserPasswordHashAndSessionInOneStorageCall() async throws {
        var storage = UserTests.storage()
        let received = LockedBox<NewObject?>(nil)
        storage.objectStore.onCreate = { object in
            received.set(object)
            return StoredObject(
                objectId: object.key.objectId, createDate: object.createDate, updateDate: object.createDate, acl: object.acl,
                fields: ["userName": "Ncmb Tarou"])
        }

        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                try await requester.send(
                    .post, "/2013-09-01/users",
                    body: #"{"userName":"Ncmb Tarou","password":"Ncmbtarou","sessionToken":"x","mailAddressConfirm":true,"age":3}"#)
            }
        }

        let object = try #require(received.get())
        let token = try #require(response.json?.objectValue?["sessionToken"]?.stringValue)
        let session = try #require(object.session)
        #expect(response.status == .created)
        #expect(object.key.className == .user)
        #expect(object.operations.map(\.0.rawValue) == ["userName", "age"])
        #expect(object.acl.json == ["*": ["read": true], "0000000000000001": ["read": true, "write": true]])
        #expect(try await testPasswordHasher().verify("Ncmbtarou", hash: try #require(object.passwordHash)))
        #expect(session.tokenHash == SessionTokens.hash(token))
        #expect(session.expiresAt.millisecondsSince1970 == TestClock.start.millisecondsSince1970 + 86_400_000)
        #expect(session.endsOtherSessions)
    }

    @Test func signUpKeepsUsersPrivateWhenTheApplicationSaysSo() async throws {
        var storage = UserTests.storage(settings: ApplicationSettings(usersArePublicReadable: false))
        let received = LockedBox<NewObject?>(nil)
        storage.objectStore.onCreate = { object in
            received.set(object)
            return StoredObject(
                objectId: object.key.objectId, createDate: object.createDate, updateDate: object.createDate, acl: object.acl,
                fields: [:])
        }

        _ = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                try await requester.send(.post, "/2013-09-01/users", body: #"{"userName":"a","password":"b"}"#)
            }
        }

        #expect(try #require(received.get()).acl.json == ["0000000000000001": ["read": true, "write": true]])
    }

    @Test(arguments: [
        (#"{"password":"p"}"#, 400, #"{"code":"E400003","error":"userName is empty."}"#),
        (#"{"userName":"","password":"p"}"#, 400, #"{"code":"E400003","error":"userName is empty."}"#),
        (#"{"userName":3,"password":"p"}"#, 400, #"{"code":"E400002","error":"userName is invalid."}"#),
        (#"{"userName":"u"}"#, 400, #"{"code":"E400003","error":"password is empty."}"#),
        (#"{"userName":"u","password":""}"#, 400, #"{"code":"E400003","error":"password is empty."}"#),
        (#"{"userName":"u","password":"p","mailAddress":"nope"}"#, 400, #"{"code":"E400004","error":"mailAddress is invalid format."}"#),
        (#"{"userName":"u","password":"p","mailAddress":"a@b"}"#, 400, #"{"code":"E400004","error":"mailAddress is invalid format."}"#),
        (#"{"userName":"u","password":"p","mailAddress":5}"#, 400, #"{"code":"E400004","error":"mailAddress is invalid format."}"#),
        (#"{"userName":"u","password":"p","bad-name":1}"#, 400, #"{"code":"E400002","error":"bad-name is invalid."}"#),
        (#"{"userName":"u","password":"p","acl":[]}"#, 400, #"{"code":"E400002","error":"acl is invalid."}"#),
        (#"{"authData":"x"}"#, 400, #"{"code":"E400002","error":"authData is invalid."}"#),
    ])
    func signUpRefusesBadInputWithoutTouchingStorage(body: String, status: Int, error: String) async throws {
        let response = try await TestApplication.with(storage: UserTests.storage()) { application in
            try await application.test { requester in try await requester.send(.post, "/2013-09-01/users", body: body) }
        }

        #expect(response.status.code == status)
        #expect(response.text == error)
    }

    // MARK: Login

    @Test func loginOfAnUnknownUserIsE401002AndOpensNoSession() async throws {
        var storage = UserTests.storage()
        let lookups = LockedBox<[UserLookup]>([])
        storage.accountStore.onCredentials = { _, lookup in
            lookups.mutate { $0.append(lookup) }
            return nil
        }

        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                try await requester.send(.post, "/2013-09-01/login", body: #"{"userName":"wronguser","password":"wrongpassword"}"#)
            }
        }

        #expect(response.status == .unauthorized)
        #expect(response.text == #"{"code":"E401002","error":"Authentication error with ID/PASS incorrect."}"#)
        #expect(lookups.get() == [.unique(UniqueValue(field: "userName", value: "wronguser"))])
    }

    @Test func loginWithAWrongPasswordOrWithoutAStoredPasswordIsE401002() async throws {
        let hash = try await testPasswordHasher().hash("right")
        for passwordHash in [hash, nil] {
            var storage = UserTests.storage()
            storage.accountStore.onCredentials = { _, _ in UserCredentials(user: UserTests.storedUser(), passwordHash: passwordHash) }

            let response = try await TestApplication.with(storage: storage) { application in
                try await application.test { requester in
                    try await requester.send(.post, "/2013-09-01/login", body: #"{"userName":"taro","password":"wrong"}"#)
                }
            }

            #expect(response.errorCode == "E401002")
        }
    }

    @Test func loginOpensASessionAndAnswersTheUserInFixtureOrder() async throws {
        var storage = UserTests.storage(settings: ApplicationSettings(sessionLifetimeSeconds: 3600, allowsMultipleSessions: true))
        let hash = try await testPasswordHasher().hash("passwd")
        let grants = LockedBox<[SessionGrant]>([])
        storage.accountStore.onCredentials = { _, _ in
            UserCredentials(user: UserTests.storedUser(fields: ["userName": "name", "score": 1]), passwordHash: hash)
        }
        storage.accountStore.onCreateSession = { grant, _, userObjectId in
            #expect(userObjectId == "0000000000000001")
            grants.mutate { $0.append(grant) }
        }

        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                try await requester.send(.get, "/2013-09-01/login?userName=name&password=passwd")
            }
        }

        let grant = try #require(grants.get().first)
        #expect(response.status == .ok)
        #expect(
            response.text
                == #"{"objectId":"0000000000000001","userName":"name","mailAddress":null,"mailAddressConfirm":null,"sessionToken":"0000000000000000000000001","createDate":"2009-02-13T23:31:30.000Z","updateDate":"2009-02-13T23:31:30.000Z","authData":null,"acl":{"*":{"read":true},"0000000000000001":{"read":true,"write":true}},"score":1}"#
        )
        #expect(grant.tokenHash == SessionTokens.hash("0000000000000000000000001"))
        #expect(grant.expiresAt.millisecondsSince1970 == TestClock.start.millisecondsSince1970 + 3_600_000)
        #expect(!grant.endsOtherSessions)
    }

    @Test func loginByAnUnconfirmedMailAddressIsRefusedWhenConfirmationIsOn() async throws {
        var storage = UserTests.storage(settings: ApplicationSettings(mail: MailSettings(confirmsMailAddress: true)))
        let hash = try await testPasswordHasher().hash("passwd")
        storage.accountStore.onCredentials = { _, lookup in
            #expect(lookup == .unique(UniqueValue(field: "mailAddress", value: "mail@example.com")))
            return UserCredentials(
                user: UserTests.storedUser(fields: ["userName": "u", "mailAddress": "mail@example.com", "mailAddressConfirm": false]),
                passwordHash: hash)
        }

        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                try await requester.send(.post, "/2013-09-01/login", body: #"{"mailAddress":"mail@example.com","password":"passwd"}"#)
            }
        }

        #expect(response.errorCode == "E401002")
    }

    @Test(arguments: [
        (#"{"userName":"name"}"#, #"{"code":"E400003","error":"password is empty."}"#),
        (#"{"userName":"name","password":""}"#, #"{"code":"E400003","error":"password is empty."}"#),
        (#"{"password":"p"}"#, #"{"code":"E400003","error":"userName is empty."}"#),
        (#"{"userName":"","mailAddress":"","password":"p"}"#, #"{"code":"E400003","error":"userName is empty."}"#),
    ])
    func loginRefusesMissingCredentialsWithoutTouchingStorage(body: String, error: String) async throws {
        let response = try await TestApplication.with(storage: UserTests.storage()) { application in
            try await application.test { requester in try await requester.send(.post, "/2013-09-01/login", body: body) }
        }

        #expect(response.status == .badRequest)
        #expect(response.text == error)
    }

    // MARK: Logout

    @Test func logoutWithoutASessionIsE401001() async throws {
        let response = try await TestApplication.with(storage: UserTests.storage()) { application in
            try await application.test { requester in try await requester.send(.get, "/2013-09-01/logout") }
        }

        #expect(response.status == .unauthorized)
        #expect(response.text == #"{"code":"E401001","error":"Authentication error by header incorrect."}"#)
    }

    @Test func logoutDeletesTheSessionThatAuthenticatedTheRequest() async throws {
        var storage = UserTests.storage()
        storage.accountStore.onSession = UserTests.sessions("token", objectId: "0000000000000001")
        let deleted = LockedBox<[String]>([])
        storage.accountStore.onDeleteSession = { tokenHash, applicationId in
            #expect(applicationId == TestApplication.fakeApplication.applicationId)
            deleted.mutate { $0.append(tokenHash) }
            return true
        }

        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in try await requester.send(.get, "/2013-09-01/logout", token: "token") }
        }

        #expect(response.status == .ok)
        #expect(response.text.isEmpty)
        #expect(deleted.get() == [SessionTokens.hash("token")])
    }

    // MARK: Reading

    @Test func readingAUserNeverShowsSecretsAndShowsAuthDataOnlyToItsOwner() async throws {
        var storage = UserTests.storage()
        storage.accountStore.onSession = UserTests.sessions("owner", objectId: "0000000000000001")
        storage.objectStore.onObject = { _, _ in
            UserTests.storedUser(fields: [
                "userName": "u", "password": "leak", "sessionToken": "leak", "authData": ["anonymous": ["id": "x"]],
            ])
        }

        let (anonymous, owner) = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                (
                    try await requester.send(.get, "/2013-09-01/users/0000000000000001"),
                    try await requester.send(.get, "/2013-09-01/users/0000000000000001", token: "owner")
                )
            }
        }

        #expect(!anonymous.text.contains("leak") && !owner.text.contains("leak"))
        #expect(anonymous.json?.objectValue?["authData"] == nil)
        #expect(owner.json?.objectValue?["authData"] == ["anonymous": ["id": "x"]])
    }

    @Test(arguments: [
        "where=%7B%22authData%22%3A%7B%22%24exists%22%3Atrue%7D%7D",
        "order=authData",
        "where=%7B%22%24or%22%3A%5B%7B%22authData%22%3A1%7D%5D%7D",
        "where=%7B%22authData.anonymous.id%22%3A%22x%22%7D",
        "where=%7B%22%24and%22%3A%5B%7B%22authData.facebook%22%3A%7B%22%24exists%22%3Atrue%7D%7D%5D%7D",
        "order=-authData.anonymous.id",
    ])
    func queriesOnAuthDataAreRefusedBeforeStorage(query: String) async throws {
        let response = try await TestApplication.with(storage: UserTests.storage()) { application in
            try await application.test { requester in try await requester.send(.get, "/2013-09-01/users?\(query)") }
        }

        #expect(response.status == .badRequest)
        #expect(response.text == #"{"code":"E400002","error":"authData is invalid."}"#)
    }
}
