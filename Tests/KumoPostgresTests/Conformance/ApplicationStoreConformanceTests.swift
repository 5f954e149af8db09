import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

@Suite struct ApplicationStoreConformanceTests {
    static func application(_ suffix: String) -> HostedApplication {
        HostedApplication(
            applicationId: "application\(suffix)", name: "Game \(suffix)", applicationKey: "applicationKey\(suffix)",
            clientKey: "clientKey\(suffix)", settings: ApplicationSettings(defaultObjectACL: AccessControlList(["*": .init(read: true)])),
            createDate: Fixture.date(Int64(suffix.count))
        )
    }

    static let duplicates: [(String, String, String, String)] = [
        ("applicationId", "application1", "Other", "otherKey"),
        ("name", "otherId", "Game 1", "otherKey"),
        ("applicationKey", "otherId", "Other", "applicationKey1"),
    ]

    // MARK: Tests

    @Test(arguments: TestDatabase.engines)
    func applicationsAreFoundByKeyIdAndName(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let application = ApplicationStoreConformanceTests.application("1")
            try await storage.applications.create(application)
            try await storage.applications.create(ApplicationStoreConformanceTests.application("22"))

            #expect(try await storage.applications.application(applicationKey: "applicationKey1") == application)
            #expect(try await storage.applications.application(applicationId: "application1") == application)
            #expect(try await storage.applications.application(named: "Game 1") == application)
            #expect(try await storage.applications.application(applicationKey: "unknown") == nil)
            #expect(try await storage.applications.all().map(\.applicationId) == ["application1", "application22"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func applicationsCreatedAtTheSameTimeListInCreationOrder(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            for suffix in ["b", "a", "c"] {
                var application = ApplicationStoreConformanceTests.application(suffix)
                application.createDate = Fixture.date()
                try await storage.applications.create(application)
            }

            #expect(try await storage.applications.all().map(\.name) == ["Game b", "Game a", "Game c"])
        }
    }

    @Test(arguments: TestDatabase.engines, ApplicationStoreConformanceTests.duplicates)
    func aTakenApplicationValueReportsADuplicate(_ engine: StorageEngine, _ duplicate: (String, String, String, String)) async throws {
        let (field, applicationId, name, applicationKey) = duplicate
        try await StorageUnderTest.with(engine) { storage in
            try await storage.applications.create(ApplicationStoreConformanceTests.application("1"))
            var taken = ApplicationStoreConformanceTests.application("1")
            taken.applicationId = applicationId
            taken.name = name
            taken.applicationKey = applicationKey

            let error = await #expect(throws: StorageError.self) { try await storage.applications.create(taken) }

            guard case .duplicate(let reported)? = error else {
                Issue.record("Expected duplicate, got \(String(describing: error))")
                return
            }
            #expect(reported == field)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func objectsOfTwoApplicationsNeverMeet(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Fixture.newObject("Shared", "object1", ["owner": "first"]))
            var other = Fixture.newObject("Shared", "object2", ["owner": "second"])
            other.key.applicationId = "application2"
            _ = try await storage.objects.create(other)

            let first = try await storage.matching("Shared", .all)
            let missing = await #expect(throws: StorageError.self) {
                _ = try await storage.objects.object(Fixture.key("Shared", "object2"), include: [], access: .bypass)
            }

            #expect(first == ["object1"])
            guard case .notFound? = missing else {
                Issue.record("Expected notFound, got \(String(describing: missing))")
                return
            }
        }
    }
}
