import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `AccountStore.roleNames` (docs/decisions/0004-role-inheritance.md): direct `belongUser` membership plus `belongRole`
/// inheritance, cycles tolerated.
@Suite struct AccountRoleConformanceTests {
    // MARK: Tests

    @Test(arguments: TestDatabase.engines)
    func aUserHoldsTheRolesThatListItAndTheirParents(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll([AccountFixture.user("user1"), AccountFixture.user("user2")])
            // Member lists user1; Editor contains Member; Admin contains Editor; Other lists user2 only.
            try await storage.createAll([
                AccountFixture.role("member", name: "Member", users: ["user1"]),
                AccountFixture.role("editor", name: "Editor", roles: ["member"]),
                AccountFixture.role("admin", name: "Admin", roles: ["editor"]),
                AccountFixture.role("other", name: "Other", users: ["user2"]),
            ])

            let first = try await storage.accounts.roleNames(applicationId: Fixture.applicationId, userObjectId: "user1")
            let second = try await storage.accounts.roleNames(applicationId: Fixture.applicationId, userObjectId: "user2")

            #expect(first == ["Member", "Editor", "Admin"])
            #expect(second == ["Other"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func cyclesOfBelongRoleTerminate(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll([AccountFixture.user("user1"), AccountFixture.role("a", name: "A", users: ["user1"])])
            try await storage.createAll([AccountFixture.role("b", name: "B", roles: ["a"])])
            _ = try await storage.objects.update(
                ObjectUpdate(
                    key: Fixture.key("role", "a"), updateDate: Fixture.date(1),
                    operations: [(Fixture.field("belongRole"), .addRelation([Fixture.pointer("role", "b")]))]),
                access: .bypass)

            let names = try await storage.accounts.roleNames(applicationId: Fixture.applicationId, userObjectId: "user1")

            #expect(names == ["A", "B"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aUserWithoutRolesOrAnUnknownUserHoldsNone(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll([AccountFixture.user("user1"), AccountFixture.user("user2")])
            try await storage.createAll([AccountFixture.role("member", name: "Member", users: ["user1"])])

            #expect(try await storage.accounts.roleNames(applicationId: Fixture.applicationId, userObjectId: "user2") == [])
            #expect(try await storage.accounts.roleNames(applicationId: Fixture.applicationId, userObjectId: "user9") == [])
            #expect(try await storage.accounts.roleNames(applicationId: "application2", userObjectId: "user1") == [])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func removingAMembershipOrDeletingARoleTakesItAway(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll([AccountFixture.user("user1")])
            try await storage.createAll([
                AccountFixture.role("member", name: "Member", users: ["user1"]), AccountFixture.role("staff", name: "Staff", users: ["user1"]),
            ])
            try await storage.createAll([AccountFixture.role("admin", name: "Admin", roles: ["staff"])])

            _ = try await storage.objects.update(
                ObjectUpdate(
                    key: Fixture.key("role", "member"), updateDate: Fixture.date(1),
                    operations: [(Fixture.field("belongUser"), .removeRelation([Fixture.pointer("user", "user1")]))]),
                access: .bypass)
            try await storage.objects.delete(Fixture.key("role", "staff"), access: .bypass)

            #expect(try await storage.accounts.roleNames(applicationId: Fixture.applicationId, userObjectId: "user1") == [])
        }
    }
}
