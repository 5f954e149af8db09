import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Sessions (docs/decisions/0010-session-lifetime.md): stored by token hash beside their user, valid until `expiresAt`,
/// scoped to the application.
@Suite struct AccountSessionConformanceTests {
    // MARK: Tests

    @Test(arguments: TestDatabase.engines)
    func aSessionOfASignUpIsFoundUntilItExpires(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(AccountFixture.user("user1", ["userName": "alice"], session: AccountFixture.grant("token1")))

            #expect(try await storage.session("token1", at: 3599) == ActiveSession(userObjectId: "user1", expiresAt: Fixture.date(3600)))
            #expect(try await storage.session("token1", at: 3600) == nil)
            #expect(try await storage.session("unknown") == nil)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aCreatedSessionIsFoundAndOthersStayUnlessItEndsThem(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(AccountFixture.user("user1"))
            _ = try await storage.objects.create(AccountFixture.user("user2"))
            try await storage.accounts.createSession(AccountFixture.grant("other"), applicationId: Fixture.applicationId, userObjectId: "user2")
            try await storage.accounts.createSession(AccountFixture.grant("first"), applicationId: Fixture.applicationId, userObjectId: "user1")
            try await storage.accounts.createSession(AccountFixture.grant("second"), applicationId: Fixture.applicationId, userObjectId: "user1")
            let bothLive = [try await storage.session("first"), try await storage.session("second")].map { $0?.userObjectId }

            try await storage.accounts.createSession(
                AccountFixture.grant("third", endsOtherSessions: true), applicationId: Fixture.applicationId, userObjectId: "user1")

            #expect(bothLive == ["user1", "user1"])
            #expect(try await storage.session("first") == nil)
            #expect(try await storage.session("second") == nil)
            #expect(try await storage.session("third")?.userObjectId == "user1")
            #expect(try await storage.session("other")?.userObjectId == "user2")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aSessionForAMissingUserIsNotFound(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(AccountFixture.user("user1", session: AccountFixture.grant("kept")))
            _ = try await storage.objects.create(Fixture.newObject("Player", "user2"))

            let missing = [(Fixture.applicationId, "user2"), (Fixture.applicationId, "user3"), ("application2", "user1")]
            for (applicationId, userObjectId) in missing {
                let error = await #expect(throws: StorageError.self) {
                    try await storage.accounts.createSession(
                        AccountFixture.grant("new", endsOtherSessions: true), applicationId: applicationId, userObjectId: userObjectId)
                }
                guard case .notFound? = error else {
                    Issue.record("Expected notFound, got \(String(describing: error))")
                    return
                }
            }

            #expect(try await storage.session("kept")?.userObjectId == "user1")
            #expect(try await storage.session("new") == nil)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func deletingASessionEndsItOnce(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(AccountFixture.user("user1", session: AccountFixture.grant("token1")))

            let first = try await storage.accounts.deleteSession(tokenHash: "token1", applicationId: Fixture.applicationId)
            let second = try await storage.accounts.deleteSession(tokenHash: "token1", applicationId: Fixture.applicationId)

            #expect(first && !second)
            #expect(try await storage.session("token1") == nil)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func deletingTheUserEndsItsSessions(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(AccountFixture.user("user1", session: AccountFixture.grant("token1")))
            try await storage.accounts.createSession(AccountFixture.grant("token2"), applicationId: Fixture.applicationId, userObjectId: "user1")

            try await storage.objects.delete(Fixture.key("user", "user1"), access: .bypass)
            _ = try await storage.objects.create(AccountFixture.user("user1"))

            #expect(try await storage.session("token1") == nil)
            #expect(try await storage.session("token2") == nil)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anotherApplicationsTokenIsNotAccepted(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(
                AccountFixture.user("user1", session: AccountFixture.grant("token2"), applicationId: "application2"))

            let deleted = try await storage.accounts.deleteSession(tokenHash: "token2", applicationId: Fixture.applicationId)

            #expect(try await storage.session("token2") == nil)
            #expect(!deleted)
            #expect(try await storage.session("token2", applicationId: "application2")?.userObjectId == "user1")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aTakenTokenHashFailsTheSignUp(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(AccountFixture.user("user1", session: AccountFixture.grant("token1")))

            await #expect(throws: StorageError.self) {
                _ = try await storage.objects.create(AccountFixture.user("user2", session: AccountFixture.grant("token1")))
            }

            #expect(try await storage.exists("user", "user2") == false)
            #expect(try await storage.session("token1")?.userObjectId == "user1")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func deleteExpiredRemovesExpiredSessionsAndTokensOnly(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(AccountFixture.user("user1", session: AccountFixture.grant("short", seconds: 10)))
            try await storage.accounts.createSession(
                AccountFixture.grant("long", seconds: 100), applicationId: Fixture.applicationId, userObjectId: "user1")
            try await storage.accounts.createToken(AccountFixture.token("shortToken", seconds: 10))
            try await storage.accounts.createToken(AccountFixture.token("longToken", seconds: 100))

            let removed = try await storage.accounts.deleteExpired(now: Fixture.date(10))

            #expect(removed == 2)
            #expect(try await storage.session("long", at: 50)?.userObjectId == "user1")
            #expect(try await storage.accounts.token(tokenHash: "shortToken", applicationId: Fixture.applicationId) == nil)
            #expect(try await storage.accounts.token(tokenHash: "longToken", applicationId: Fixture.applicationId) != nil)
        }
    }
}
