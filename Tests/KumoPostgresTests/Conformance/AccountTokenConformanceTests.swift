import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// One-time mail tokens (docs/wire/endpoints/browser-pages.md): stored by hash, returned even when expired, usable
/// once.
@Suite struct AccountTokenConformanceTests {
    static let tokens: [OneTimeToken] = [
        AccountFixture.token("entry", purpose: .mailAddressUserEntry, userObjectId: nil),
        AccountFixture.token("reset", purpose: .passwordReset, userObjectId: "user1"),
        AccountFixture.token("confirm", purpose: .mailAddressConfirm, userObjectId: "user2", seconds: -5),
    ]

    // MARK: Tests

    @Test(arguments: TestDatabase.engines, AccountTokenConformanceTests.tokens)
    func aStoredTokenReadsBackAsWritten(_ engine: StorageEngine, _ token: OneTimeToken) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.accounts.createToken(token)

            #expect(try await storage.accounts.token(tokenHash: token.tokenHash, applicationId: Fixture.applicationId) == token)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aTokenIsDeletedOnceAndThenUnknown(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.accounts.createToken(AccountFixture.token("token1"))

            let first = try await storage.accounts.deleteToken(tokenHash: "token1", applicationId: Fixture.applicationId)
            let second = try await storage.accounts.deleteToken(tokenHash: "token1", applicationId: Fixture.applicationId)

            #expect(first && !second)
            #expect(try await storage.accounts.token(tokenHash: "token1", applicationId: Fixture.applicationId) == nil)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anotherApplicationsTokenIsNeitherFoundNorDeleted(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.accounts.createToken(AccountFixture.token("token1"))

            let found = try await storage.accounts.token(tokenHash: "token1", applicationId: "application2")
            let deleted = try await storage.accounts.deleteToken(tokenHash: "token1", applicationId: "application2")

            #expect(found == nil && !deleted)
            #expect(try await storage.accounts.token(tokenHash: "token1", applicationId: Fixture.applicationId) != nil)
        }
    }
}
