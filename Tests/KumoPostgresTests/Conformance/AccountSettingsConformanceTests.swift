import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Application settings (accounts, providers, mail) as the `ApplicationStore` keeps them.
@Suite struct AccountSettingsConformanceTests {
    static let settings = ApplicationSettings(
        defaultObjectACL: AccessControlList(["*": .init(read: true)]), usersArePublicReadable: false, sessionLifetimeSeconds: 3600,
        allowsMultipleSessions: true,
        authProviders: ["facebook": AuthProviderSettings(isEnabled: true, verification: "endpoint", options: ["url": "https://x"])],
        mail: MailSettings(
            senderAddress: "games@example.com", customURL: "https://example.com/pages", confirmsMailAddress: true,
            templates: ["passwordReset": MailTemplate(subject: "Reset", body: "Open {link}")], tokenLifetimeSeconds: 600),
        publicFilesEnabled: true, unknownKeys: ["futureFlag": ["nested": 1]])

    static func application(_ settings: ApplicationSettings) -> HostedApplication {
        HostedApplication(
            applicationId: Fixture.applicationId, name: "Game", applicationKey: "applicationKey1", clientKey: "clientKey1",
            settings: settings, createDate: Fixture.date())
    }

    // MARK: Tests

    @Test(arguments: TestDatabase.engines)
    func settingsRoundTripThroughCreateIncludingUnknownKeys(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.applications.create(AccountSettingsConformanceTests.application(AccountSettingsConformanceTests.settings))

            let read = try await storage.applications.application(applicationId: Fixture.applicationId)

            #expect(read?.settings == AccountSettingsConformanceTests.settings)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func updateSettingsReplacesThem(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.applications.create(AccountSettingsConformanceTests.application(ApplicationSettings()))

            try await storage.applications.updateSettings(
                applicationId: Fixture.applicationId, settings: AccountSettingsConformanceTests.settings)
            let changed = try await storage.applications.application(applicationKey: "applicationKey1")
            try await storage.applications.updateSettings(applicationId: Fixture.applicationId, settings: ApplicationSettings())
            let reset = try await storage.applications.all()

            #expect(changed?.settings == AccountSettingsConformanceTests.settings)
            #expect(reset.map(\.settings) == [ApplicationSettings()])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func updateSettingsOfAnUnknownApplicationIsNotFound(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let error = await #expect(throws: StorageError.self) {
                try await storage.applications.updateSettings(applicationId: "missing", settings: ApplicationSettings())
            }

            guard case .notFound? = error else {
                Issue.record("Expected notFound, got \(String(describing: error))")
                return
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func everyStoredChangeCountsInTheSettingsVersion(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.applications.create(AccountSettingsConformanceTests.application(ApplicationSettings()))
            let created = try await storage.applications.application(applicationId: Fixture.applicationId)

            try await storage.applications.updateSettings(
                applicationId: Fixture.applicationId, settings: AccountSettingsConformanceTests.settings)
            let changed = try await storage.applications.application(named: "Game")

            #expect(created?.settingsVersion == 1)
            #expect(changed?.settingsVersion == 2)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aVersionedUpdateStoresOnlyOverTheVersionItExpects(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.applications.create(AccountSettingsConformanceTests.application(ApplicationSettings()))

            let first = try await storage.applications.updateSettings(
                applicationId: Fixture.applicationId, settings: AccountSettingsConformanceTests.settings, expectedVersion: 1)
            let stale = try await storage.applications.updateSettings(
                applicationId: Fixture.applicationId, settings: ApplicationSettings(), expectedVersion: 1)
            let read = try await storage.applications.application(applicationId: Fixture.applicationId)

            #expect(first == 2)
            #expect(stale == nil)
            #expect(read?.settings == AccountSettingsConformanceTests.settings && read?.settingsVersion == 2)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aVersionedUpdateOfAnUnknownApplicationIsNotFound(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let error = await #expect(throws: StorageError.self) {
                try await storage.applications.updateSettings(applicationId: "missing", settings: ApplicationSettings(), expectedVersion: 1)
            }

            guard case .notFound? = error else {
                Issue.record("Expected notFound, got \(String(describing: error))")
                return
            }
        }
    }
}
