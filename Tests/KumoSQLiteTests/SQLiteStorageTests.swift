import KumoSQLite
import KumoStorage
import NCMBWire
import Testing

@Suite struct SQLiteStorageTests {
    static func application(_ suffix: String) -> HostedApplication {
        HostedApplication(
            applicationId: "application\(suffix)", name: "Game \(suffix)", applicationKey: "applicationKey\(suffix)",
            clientKey: "clientKey\(suffix)", settings: ApplicationSettings(defaultObjectACL: AccessControlList(["*": .init(read: true)])),
            createDate: Fixture.date(Int64(suffix.count))
        )
    }

    /// Every field type, to check that data survives reopening byte for byte.
    static let specialFields: JSONObject = [
        "text": "こんにちは \"quoted\" \\ slash/", "integer": 42, "double": 1.5, "flag": true, "nothing": nil,
        "date": ["__type": "Date", "iso": "2016-01-26T00:00:00.000Z"],
        "location": ["__type": "GeoPoint", "latitude": 35.6666269, "longitude": 139.765607],
        "owner": ["__type": "Pointer", "className": "user", "objectId": "7FrmPTBKSNtVjajm"],
        "list": [1, "two", ["nested": [true, nil]]], "object": ["b": 2, "a": 1],
    ]

    // MARK: Tests

    @Test func dataSurvivesCloseAndReopenAndTheDatabaseIsIntact() async throws {
        let temporary = try TemporaryStorage()
        defer { temporary.remove() }
        let first = try await temporary.open()
        let created = try await first.objects.create(Fixture.newObject("GameScore", "object1", SQLiteStorageTests.specialFields))
        try await first.close()

        let second = try await temporary.open()
        let read = try await second.objects.object(Fixture.key("GameScore", "object1"), include: [], access: .anonymous)
        let integrity = try await second.integrityCheck()
        try await second.close()

        #expect(read == created)
        #expect(integrity == "ok")
    }

    @Test func migrationsRunOnceAndReopeningKeepsTheVersion() async throws {
        let temporary = try TemporaryStorage()
        defer { temporary.remove() }
        let first = try await temporary.open()
        let firstVersion = try await first.schemaVersion()
        try await first.close()

        let second = try await temporary.open()
        let secondVersion = try await second.schemaVersion()
        let applied = try await second.appliedMigrationCount()
        try await second.close()

        #expect(firstVersion == SQLiteMigrator.migrations.map(\.version).max())
        #expect(secondVersion == firstVersion)
        #expect(applied == SQLiteMigrator.migrations.count)
    }

    @Test func healthCheckAnswersWhileOpen() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.checkHealth()
        }
    }

    @Test func applicationsAreFoundByKeyIdAndName() async throws {
        try await TemporaryStorage.with { storage in
            let application = SQLiteStorageTests.application("1")
            try await storage.applications.create(application)
            try await storage.applications.create(SQLiteStorageTests.application("22"))

            #expect(try await storage.applications.application(applicationKey: "applicationKey1") == application)
            #expect(try await storage.applications.application(applicationId: "application1") == application)
            #expect(try await storage.applications.application(named: "Game 1") == application)
            #expect(try await storage.applications.application(applicationKey: "unknown") == nil)
            #expect(try await storage.applications.all().map(\.applicationId) == ["application1", "application22"])
        }
    }

    @Test(arguments: [
        ("applicationId", "application1", "Other", "otherKey"),
        ("name", "otherId", "Game 1", "otherKey"),
        ("applicationKey", "otherId", "Other", "applicationKey1"),
    ])
    func aTakenApplicationValueReportsADuplicate(_ field: String, _ applicationId: String, _ name: String, _ applicationKey: String)
        async throws
    {
        try await TemporaryStorage.with { storage in
            try await storage.applications.create(SQLiteStorageTests.application("1"))
            var duplicate = SQLiteStorageTests.application("1")
            duplicate.applicationId = applicationId
            duplicate.name = name
            duplicate.applicationKey = applicationKey

            let error = await #expect(throws: StorageError.self) { try await storage.applications.create(duplicate) }

            guard case .duplicate(let reported)? = error else {
                Issue.record("Expected duplicate, got \(String(describing: error))")
                return
            }
            #expect(reported == field)
        }
    }
}
