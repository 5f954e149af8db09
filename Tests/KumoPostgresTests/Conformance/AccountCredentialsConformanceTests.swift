import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `AccountStore.credentials` and the password hash kept beside a user.
@Suite struct AccountCredentialsConformanceTests {
    static let aliceFields: JSONObject = [
        "userName": "alice", "mailAddress": "alice@example.com", "authData": ["facebook": ["id": "100", "access_token": "x"]],
        "score": 7,
    ]

    static let lookups: [UserLookup] = [
        .unique(UniqueValue(field: "userName", value: "alice")),
        .unique(UniqueValue(field: "mailAddress", value: "alice@example.com")),
        .unique(UniqueKeys.authData(provider: "facebook", id: "100")),
        .objectId("user1"),
    ]

    static let misses: [UserLookup] = [
        .unique(UniqueValue(field: "userName", value: "alice@example.com")),
        .unique(UniqueValue(field: "mailAddress", value: "alice")),
        .unique(UniqueKeys.authData(provider: "twitter", id: "100")),
        .objectId("user2"),
    ]

    // MARK: Tests

    @Test(arguments: TestDatabase.engines, AccountCredentialsConformanceTests.lookups)
    func credentialsAreFoundByEachUniqueKindAndByObjectId(_ engine: StorageEngine, _ lookup: UserLookup) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(
                AccountFixture.user("user1", AccountCredentialsConformanceTests.aliceFields, passwordHash: "hash1"))
            let rendered = try await storage.objects.object(Fixture.key("user", "user1"), include: [], access: .bypass)

            let credentials = try await storage.accounts.credentials(applicationId: Fixture.applicationId, lookup: lookup)

            #expect(credentials == UserCredentials(user: rendered, passwordHash: "hash1"))
        }
    }

    @Test(arguments: TestDatabase.engines, AccountCredentialsConformanceTests.misses)
    func aLookupThatMatchesNoUserFindsNothing(_ engine: StorageEngine, _ lookup: UserLookup) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(
                AccountFixture.user("user1", AccountCredentialsConformanceTests.aliceFields, passwordHash: "hash1"))

            #expect(try await storage.accounts.credentials(applicationId: Fixture.applicationId, lookup: lookup) == nil)
            #expect(try await storage.accounts.credentials(applicationId: "application2", lookup: .objectId("user1")) == nil)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aUserWithoutPasswordHasNoHash(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(AccountFixture.user("user1", ["authData": ["anonymous": ["id": "a1"]]]))

            let credentials = try await storage.accounts.credentials(applicationId: Fixture.applicationId, lookup: .objectId("user1"))

            #expect(credentials?.user.objectId == "user1")
            #expect(credentials?.passwordHash == nil)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anUpdateWithAPasswordHashReplacesItAndOneWithoutKeepsIt(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(AccountFixture.user("user1", ["userName": "alice"], passwordHash: "hash1"))
            _ = try await storage.objects.update(AccountFixture.update("user", "user1", ["age": 30], passwordHash: "hash2"), access: .bypass)
            let replaced = try await storage.accounts.credentials(applicationId: Fixture.applicationId, lookup: .objectId("user1"))
            _ = try await storage.objects.update(AccountFixture.update("user", "user1", ["age": 31]), access: .bypass)

            let kept = try await storage.accounts.credentials(applicationId: Fixture.applicationId, lookup: .objectId("user1"))

            #expect(replaced?.passwordHash == "hash2")
            #expect(kept?.passwordHash == "hash2")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aPasswordSetByUpdateOnAUserWithoutOneIsStored(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(AccountFixture.user("user1", ["mailAddress": "alice@example.com"]))

            _ = try await storage.objects.update(AccountFixture.update("user", "user1", [:], passwordHash: "hash1"), access: .bypass)

            let lookup = UserLookup.unique(UniqueValue(field: "mailAddress", value: "alice@example.com"))
            #expect(try await storage.accounts.credentials(applicationId: Fixture.applicationId, lookup: lookup)?.passwordHash == "hash1")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func thePasswordHashNeverAppearsInTheFields(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let created = try await storage.objects.create(AccountFixture.user("user1", ["userName": "alice"], passwordHash: "secretHash"))
            let updated = try await storage.objects.update(
                AccountFixture.update("user", "user1", ["age": 1], passwordHash: "otherHash"), access: .bypass)
            let found = try await storage.objects.find(Fixture.request("user"), access: .bypass).objects
            let credentials = try await storage.accounts.credentials(applicationId: Fixture.applicationId, lookup: .objectId("user1"))

            for object in [created, updated] + found + [credentials?.user].compactMap({ $0 }) {
                let text = JSONValue.object(object.json).serializedString()
                #expect(!text.contains("secretHash") && !text.contains("otherHash") && !text.contains("password"))
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func deletingAUserForgetsItsCredentials(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(AccountFixture.user("user1", ["userName": "alice"], passwordHash: "hash1"))

            try await storage.objects.delete(Fixture.key("user", "user1"), access: .bypass)
            _ = try await storage.objects.create(AccountFixture.user("user1", ["userName": "alice"]))

            let credentials = try await storage.accounts.credentials(applicationId: Fixture.applicationId, lookup: .objectId("user1"))
            #expect(credentials?.passwordHash == nil)
        }
    }
}
