import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Values unique per class and application (`UniqueKeys`, fixtures F30, F41, F47, F53): a taken value fails the write
/// with `.duplicate(field:)` and leaves nothing written.
@Suite struct UniqueConformanceTests {
    /// A class, the fields of a first object, the fields of a second one that clashes, and the reported field.
    struct Clash: Sendable, CustomStringConvertible {
        let className: String
        let first: JSONObject
        let second: JSONObject
        let field: String

        var description: String { "\(className).\(field)" }
    }

    static let clashes: [Clash] = [
        Clash(className: "user", first: ["userName": "alice"], second: ["userName": "alice"], field: "userName"),
        Clash(
            className: "user", first: ["userName": "alice", "mailAddress": "a@example.com"],
            second: ["userName": "bob", "mailAddress": "a@example.com"], field: "mailAddress"),
        Clash(
            className: "user", first: ["authData": ["facebook": ["id": "100", "access_token": "x"]]],
            second: ["authData": ["twitter": ["id": "7"], "facebook": ["id": "100", "access_token": "y"]]], field: "authData"),
        Clash(className: "user", first: ["authData": ["anonymous": ["id": 42]]], second: ["authData": ["anonymous": ["id": "42"]]], field: "authData"),
        Clash(className: "role", first: ["roleName": "Admin"], second: ["roleName": "Admin"], field: "roleName"),
        Clash(className: "installation", first: ["deviceToken": "token1"], second: ["deviceToken": "token1"], field: "deviceToken"),
    ]

    // MARK: Tests

    @Test(arguments: TestDatabase.engines, UniqueConformanceTests.clashes)
    func aTakenValueFailsTheCreateAndWritesNothing(_ engine: StorageEngine, _ clash: Clash) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Fixture.newObject(clash.className, "first", clash.first))
            var second = Fixture.newObject(clash.className, "second", clash.second)
            second.extras = clash.className == "user" ? .user(passwordHash: "hash", session: AccountFixture.grant("session2")) : .none

            let error = await #expect(throws: StorageError.self) { _ = try await storage.objects.create(second) }

            #expect(AccountFixture.duplicatedField(error) == clash.field)
            #expect(try await storage.exists(clash.className, "second") == false)
            #expect(try await storage.session("session2") == nil)
        }
    }

    @Test(arguments: TestDatabase.engines, UniqueConformanceTests.clashes)
    func anUpdateToATakenValueFailsAndKeepsTheOldRow(_ engine: StorageEngine, _ clash: Clash) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Fixture.newObject(clash.className, "first", clash.first))
            let original = try await storage.objects.create(Fixture.newObject(clash.className, "second", ["score": 1]))
            var fields = clash.second
            fields["score"] = 2

            let error = await #expect(throws: StorageError.self) {
                _ = try await storage.objects.update(AccountFixture.update(clash.className, "second", fields), access: .bypass)
            }

            #expect(AccountFixture.duplicatedField(error) == clash.field)
            let kept = try await storage.objects.object(Fixture.key(clash.className, "second"), include: [], access: .bypass)
            #expect(kept == original)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func deletingAnObjectFreesItsValues(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(AccountFixture.user("user1", ["userName": "alice", "mailAddress": "a@example.com"]))
            try await storage.objects.delete(Fixture.key("user", "user1"), access: .bypass)

            _ = try await storage.objects.create(AccountFixture.user("user2", ["userName": "alice", "mailAddress": "a@example.com"]))

            #expect(try await storage.exists("user", "user2"))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func changingAValueFreesTheOldOneAndKeepingItIsNoClash(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(AccountFixture.user("user1", ["userName": "alice"]))
            _ = try await storage.objects.update(AccountFixture.update("user", "user1", ["userName": "alice", "age": 3]), access: .bypass)
            _ = try await storage.objects.update(AccountFixture.update("user", "user1", ["userName": "alicia"]), access: .bypass)

            _ = try await storage.objects.create(AccountFixture.user("user2", ["userName": "alice"]))
            let error = await #expect(throws: StorageError.self) {
                _ = try await storage.objects.create(AccountFixture.user("user3", ["userName": "alicia"]))
            }

            #expect(AccountFixture.duplicatedField(error) == "userName")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func twoApplicationsDoNotCollide(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(AccountFixture.user("user1", ["userName": "alice"]))

            _ = try await storage.objects.create(AccountFixture.user("user1", ["userName": "alice"], applicationId: "application2"))

            let other = try await storage.accounts.credentials(
                applicationId: "application2", lookup: .unique(UniqueValue(field: "userName", value: "alice")))
            #expect(other?.user.objectId == "user1")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func otherClassesAndNonStringValuesAreNotUnique(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Fixture.newObject("Player", "player1", ["userName": "alice"]))
            _ = try await storage.objects.create(Fixture.newObject("Player", "player2", ["userName": "alice"]))
            _ = try await storage.objects.create(AccountFixture.user("user1", ["userName": 1]))
            _ = try await storage.objects.create(AccountFixture.user("user2", ["userName": 1]))

            #expect(try await storage.matching("Player", .all) == ["player1", "player2"])
            #expect(try await storage.matching("user", .all) == ["user1", "user2"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func concurrentSignUpsWithOneNameStoreOneUser(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<10 {
                    group.addTask {
                        do {
                            _ = try await storage.objects.create(AccountFixture.user("user\(index)", ["userName": "alice"]))
                            return true
                        } catch StorageError.duplicate(field: "userName") {
                            return false
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            #expect(outcomes.filter { $0 }.count == 1)
            #expect(try await storage.matching("user", .all).count == 1)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aDuplicateObjectIdIsStillReportedAsObjectId(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(AccountFixture.user("user1", ["userName": "alice"]))

            let error = await #expect(throws: StorageError.self) {
                _ = try await storage.objects.create(AccountFixture.user("user1", ["userName": "bob"]))
            }

            #expect(AccountFixture.duplicatedField(error) == "objectId")
        }
    }
}
