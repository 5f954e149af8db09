import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Class-level permissions (docs/wire/acl.md, docs/wire/open-points.md) as the `ApplicationStore` keeps them per
/// application and class.
@Suite struct ClassPermissionsConformanceTests {
    static let restricted = ClassPermissions([
        .get: OperationPermission(isPublic: false, allowsAuthenticatedUsers: true),
        .delete: OperationPermission(isPublic: false, roleNames: ["Admin", "Moderator"]),
    ])

    // MARK: Tests

    @Test(arguments: TestDatabase.engines)
    func permissionsOfAClassWithoutObjectsRoundTrip(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let className = Fixture.className("GameScore")
            try await storage.applications.setClassPermissions(
                ClassPermissionsConformanceTests.restricted, applicationId: Fixture.applicationId, className: className)

            let read = try await storage.applications.classPermissions(applicationId: Fixture.applicationId)

            #expect(read == [className: ClassPermissionsConformanceTests.restricted])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func classesWithObjectsKeepWorkingAndOpenClassesAreNotListed(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Fixture.newObject("GameScore", "score1"))
            _ = try await storage.objects.create(Fixture.newObject("Open", "open1"))
            try await storage.applications.setClassPermissions(
                ClassPermissionsConformanceTests.restricted, applicationId: Fixture.applicationId, className: Fixture.className("GameScore"))
            _ = try await storage.objects.create(Fixture.newObject("GameScore", "score2"))

            let read = try await storage.applications.classPermissions(applicationId: Fixture.applicationId)

            #expect(read == [Fixture.className("GameScore"): ClassPermissionsConformanceTests.restricted])
            #expect(try await storage.matching("GameScore", .all) == ["score1", "score2"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func settingOpenPermissionsRemovesTheClassFromTheList(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let className = Fixture.className("GameScore")
            try await storage.applications.setClassPermissions(
                ClassPermissionsConformanceTests.restricted, applicationId: Fixture.applicationId, className: className)

            try await storage.applications.setClassPermissions(.open, applicationId: Fixture.applicationId, className: className)

            #expect(try await storage.applications.classPermissions(applicationId: Fixture.applicationId) == [:])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func permissionsBelongToOneApplication(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let user = ClassName.user
            try await storage.applications.setClassPermissions(
                ClassPermissionsConformanceTests.restricted, applicationId: Fixture.applicationId, className: user)

            #expect(try await storage.applications.classPermissions(applicationId: "application2") == [:])
            #expect(try await storage.applications.classPermissions(applicationId: Fixture.applicationId).keys.map(\.rawValue) == ["user"])
        }
    }
}
