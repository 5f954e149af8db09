import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Dashboard administrators (`AdminStore`, docs/dashboard.md): addresses unique regardless of letter case, sessions
/// that expire and end with their administrator, the audit log newest first, and the one-time setup token.
@Suite struct AdminStoreConformanceTests {
    static func admin(_ id: String, _ email: String, hash: String = "hash") -> StoredAdmin {
        StoredAdmin(id: id, email: email, passwordHash: hash, createDate: Fixture.date())
    }

    static func session(_ tokenHash: String, adminId: String, expiresIn seconds: Int64 = 100) -> AdminSession {
        AdminSession(
            tokenHash: tokenHash, adminId: adminId, email: "", csrfToken: "csrf-\(tokenHash)", createDate: Fixture.date(),
            expiresAt: Fixture.date(seconds))
    }

    // MARK: Administrators

    @Test(arguments: TestDatabase.engines)
    func anAdministratorIsFoundByAddressInAnyLetterCase(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.admins.createAdmin(Self.admin("admin1", "Ops@Example.com"))

            let found = try await storage.admins.admin(email: "ops@example.COM")
            let missing = try await storage.admins.admin(email: "other@example.com")

            #expect(found == Self.admin("admin1", "Ops@Example.com"))
            #expect(missing == nil)
            #expect(try await storage.admins.adminCount() == 1)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aSecondAdministratorWithTheSameAddressIsADuplicate(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.admins.createAdmin(Self.admin("admin1", "ops@example.com"))

            await #expect(throws: StorageError.self) {
                try await storage.admins.createAdmin(Self.admin("admin2", "OPS@example.com"))
            }
            #expect(try await storage.admins.admins().map(\.id) == ["admin1"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func administratorsAreListedByAddress(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.admins.createAdmin(Self.admin("admin1", "zoe@example.com"))
            try await storage.admins.createAdmin(Self.admin("admin2", "Adam@example.com"))

            #expect(try await storage.admins.admins().map(\.email) == ["Adam@example.com", "zoe@example.com"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aNewPasswordReplacesTheHashAndEndsTheSessions(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.admins.createAdmin(Self.admin("admin1", "ops@example.com", hash: "old"))
            try await storage.admins.createSession(Self.session("token1", adminId: "admin1"))

            try await storage.admins.setPasswordHash("new", adminId: "admin1")

            #expect(try await storage.admins.admin(email: "ops@example.com")?.passwordHash == "new")
            #expect(try await storage.admins.session(tokenHash: "token1", now: Fixture.date()) == nil)
            await #expect(throws: StorageError.self) { try await storage.admins.setPasswordHash("x", adminId: "nobody") }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func removingAnAdministratorEndsTheirSessions(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.admins.createAdmin(Self.admin("admin1", "ops@example.com"))
            try await storage.admins.createSession(Self.session("token1", adminId: "admin1"))

            try await storage.admins.removeAdmin(id: "admin1")

            #expect(try await storage.admins.adminCount() == 0)
            #expect(try await storage.admins.session(tokenHash: "token1", now: Fixture.date()) == nil)
            await #expect(throws: StorageError.self) { try await storage.admins.removeAdmin(id: "admin1") }
        }
    }

    // MARK: Sessions

    @Test(arguments: TestDatabase.engines)
    func aSessionIsReadWithItsAdministratorsAddressUntilItExpires(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.admins.createAdmin(Self.admin("admin1", "ops@example.com"))
            try await storage.admins.createSession(Self.session("token1", adminId: "admin1", expiresIn: 100))

            let before = try await storage.admins.session(tokenHash: "token1", now: Fixture.date(99))
            let atExpiry = try await storage.admins.session(tokenHash: "token1", now: Fixture.date(100))

            #expect(before?.email == "ops@example.com")
            #expect(before?.csrfToken == "csrf-token1")
            #expect(before?.language == nil)
            #expect(atExpiry == nil)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func updatingASessionMovesItsExpiryAndRecordsItsLanguage(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.admins.createAdmin(Self.admin("admin1", "ops@example.com"))
            try await storage.admins.createSession(Self.session("token1", adminId: "admin1", expiresIn: 100))

            try await storage.admins.updateSession(tokenHash: "token1", expiresAt: Fixture.date(500), language: "en")

            let later = try await storage.admins.session(tokenHash: "token1", now: Fixture.date(400))
            #expect(later?.language == "en")
            #expect(later?.expiresAt == Fixture.date(500))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func endedAndExpiredSessionsAreGone(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.admins.createAdmin(Self.admin("admin1", "ops@example.com"))
            try await storage.admins.createSession(Self.session("ended", adminId: "admin1", expiresIn: 100))
            try await storage.admins.createSession(Self.session("short", adminId: "admin1", expiresIn: 10))
            try await storage.admins.createSession(Self.session("long", adminId: "admin1", expiresIn: 1000))

            try await storage.admins.removeSession(tokenHash: "ended")
            try await storage.admins.removeExpiredSessions(now: Fixture.date(50))
            try await storage.admins.updateSession(tokenHash: "short", expiresAt: Fixture.date(2000), language: nil)

            #expect(try await storage.admins.session(tokenHash: "ended", now: Fixture.date()) == nil)
            #expect(try await storage.admins.session(tokenHash: "short", now: Fixture.date()) == nil)
            #expect(try await storage.admins.session(tokenHash: "long", now: Fixture.date(50)) != nil)
        }
    }

    // MARK: Audit log

    @Test(arguments: TestDatabase.engines)
    func theAuditLogListsNewestFirstAndPagesBackwards(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            for index in 1...5 {
                try await storage.admins.appendAudit(
                    AdminAuditEntry(
                        time: Fixture.date(Int64(index)), admin: "ops@example.com", action: "object.update",
                        application: "app", target: "object\(index)", detail: ["className": "Chat"], address: "127.0.0.1"))
            }

            let newest = try await storage.admins.auditEntries(limit: 2, before: nil)
            let older = try await storage.admins.auditEntries(limit: 10, before: newest.last?.id)

            #expect(newest.map(\.target) == ["object5", "object4"])
            #expect(older.map(\.target) == ["object3", "object2", "object1"])
            #expect(newest.first?.detail == ["className": "Chat"])
            #expect(newest.first?.address == "127.0.0.1")
            #expect(newest.first?.time == Fixture.date(5))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anAuditEntryMayNameNoApplicationTargetOrAddress(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.admins.appendAudit(AdminAuditEntry(time: Fixture.date(), admin: "cli", action: "admin.create"))

            let entries = try await storage.admins.auditEntries(limit: 10, before: nil)

            #expect(entries.count == 1)
            #expect(entries.first?.application == nil && entries.first?.target == nil && entries.first?.address == nil)
            #expect(entries.first?.detail == [:])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func removingAuditEntriesDeletesOnlyThoseOlderThanTheDateOldestFirst(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            for index in 1...5 {
                try await storage.admins.appendAudit(
                    AdminAuditEntry(
                        time: Fixture.date(Int64(index)), admin: "ops@example.com", action: "object.update", target: "object\(index)"))
            }

            let first = try await storage.admins.removeAuditEntries(before: Fixture.date(4), limit: 2)
            let afterFirst = try await storage.admins.auditEntries(limit: 10, before: nil)
            let second = try await storage.admins.removeAuditEntries(before: Fixture.date(4), limit: 2)
            let none = try await storage.admins.removeAuditEntries(before: Fixture.date(4), limit: 2)
            let remaining = try await storage.admins.auditEntries(limit: 10, before: nil)

            #expect(first == 2)
            #expect(afterFirst.map(\.target) == ["object5", "object4", "object3"])
            #expect(second == 1)
            #expect(none == 0)
            #expect(remaining.map(\.target) == ["object5", "object4"])
        }
    }

    // MARK: Setup token

    @Test(arguments: TestDatabase.engines)
    func theSetupTokenCreatesTheFirstAdministratorOnce(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.admins.replaceSetupToken(hash: "setup1", expiresAt: Fixture.date(100))

            try await storage.admins.createFirstAdmin(
                Self.admin("admin1", "ops@example.com"), setupTokenHash: "setup1", now: Fixture.date(10))

            await #expect(throws: StorageError.self) {
                try await storage.admins.createFirstAdmin(
                    Self.admin("admin2", "other@example.com"), setupTokenHash: "setup1", now: Fixture.date(11))
            }
            #expect(try await storage.admins.admins().map(\.id) == ["admin1"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aReplacedOrExpiredSetupTokenCreatesNothing(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.admins.replaceSetupToken(hash: "first", expiresAt: Fixture.date(100))
            try await storage.admins.replaceSetupToken(hash: "second", expiresAt: Fixture.date(100))

            await #expect(throws: StorageError.self) {
                try await storage.admins.createFirstAdmin(
                    Self.admin("admin1", "a@example.com"), setupTokenHash: "first", now: Fixture.date())
            }
            await #expect(throws: StorageError.self) {
                try await storage.admins.createFirstAdmin(
                    Self.admin("admin1", "a@example.com"), setupTokenHash: "second", now: Fixture.date(100))
            }
            #expect(try await storage.admins.adminCount() == 0)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func theSetupTokenCreatesNothingOnceAnAdministratorExists(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.admins.replaceSetupToken(hash: "setup1", expiresAt: Fixture.date(100))
            try await storage.admins.createAdmin(Self.admin("admin1", "cli@example.com"))

            await #expect(throws: StorageError.self) {
                try await storage.admins.createFirstAdmin(
                    Self.admin("admin2", "web@example.com"), setupTokenHash: "setup1", now: Fixture.date())
            }
            #expect(try await storage.admins.adminCount() == 1)
        }
    }
}
