import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Ending all sessions of a user (`AccountStore.deleteSessions`): what a password change and a password reset do.
@Suite struct AccountSessionEndConformanceTests {
    /// user1 with the sessions `first`, `second`, `third`; user2 with `other`.
    static func seed(_ storage: any StorageBackend) async throws {
        _ = try await storage.objects.create(AccountFixture.user("user1", session: AccountFixture.grant("first")))
        _ = try await storage.objects.create(AccountFixture.user("user2", session: AccountFixture.grant("other")))
        for token in ["second", "third"] {
            try await storage.accounts.createSession(
                AccountFixture.grant(token), applicationId: Fixture.applicationId, userObjectId: "user1")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func endingSessionsKeepsTheGivenOneAndCountsTheOthers(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await Self.seed(storage)

            let ended = try await storage.accounts.deleteSessions(
                applicationId: Fixture.applicationId, userObjectId: "user1", keepingTokenHash: "second")

            #expect(ended == 2)
            #expect(try await storage.session("first") == nil)
            #expect(try await storage.session("second")?.userObjectId == "user1")
            #expect(try await storage.session("third") == nil)
            #expect(try await storage.session("other")?.userObjectId == "user2")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func endingSessionsWithoutAKeptOneEndsThemAll(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await Self.seed(storage)

            let ended = try await storage.accounts.deleteSessions(
                applicationId: Fixture.applicationId, userObjectId: "user1", keepingTokenHash: nil)
            let again = try await storage.accounts.deleteSessions(
                applicationId: Fixture.applicationId, userObjectId: "user1", keepingTokenHash: nil)

            #expect(ended == 3)
            #expect(again == 0)
            for token in ["first", "second", "third"] { #expect(try await storage.session(token) == nil) }
            #expect(try await storage.session("other")?.userObjectId == "user2")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aKeptTokenOfAnotherUserDoesNotSpareTheUsersSessions(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await Self.seed(storage)

            let ended = try await storage.accounts.deleteSessions(
                applicationId: Fixture.applicationId, userObjectId: "user1", keepingTokenHash: "other")

            #expect(ended == 3)
            #expect(try await storage.session("other")?.userObjectId == "user2")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anUnknownUserOrAnotherApplicationEndsNothing(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await Self.seed(storage)
            _ = try await storage.objects.create(Fixture.newObject("Player", "player1"))

            let missing = [(Fixture.applicationId, "user3"), (Fixture.applicationId, "player1"), ("application2", "user1")]
            var ended: [Int] = []
            for (applicationId, userObjectId) in missing {
                ended.append(
                    try await storage.accounts.deleteSessions(
                        applicationId: applicationId, userObjectId: userObjectId, keepingTokenHash: nil))
            }

            #expect(ended == [0, 0, 0])
            for token in ["first", "second", "third"] { #expect(try await storage.session(token)?.userObjectId == "user1") }
        }
    }
}
