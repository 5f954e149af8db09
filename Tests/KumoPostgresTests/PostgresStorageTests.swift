import KumoPostgres
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// What only the PostgreSQL engine has: concurrent start-up, a pool that outlives the server, timeouts.
@Suite(.enabled(if: TestDatabase.runsPostgres, TestDatabase.skipReason))
struct PostgresStorageTests {
    /// Opens `count` storages on one configuration at the same time.
    func openTogether(_ count: Int, _ configuration: PostgresConfiguration) async throws -> [PostgresStorage] {
        try await withThrowingTaskGroup(of: PostgresStorage.self) { group in
            for _ in 0..<count {
                group.addTask { try await PostgresStorage.open(configuration: configuration, logger: TestDatabase.logger) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// Calls `body` until it stops throwing, for at most `attempts` tries `interval` apart.
    func eventually<Value>(attempts: Int = 60, interval: Duration = .milliseconds(250), _ body: () async throws -> Value)
        async throws -> Value
    {
        for _ in 1..<attempts {
            if let value = try? await body() { return value }
            try await Task.sleep(for: interval)
        }
        return try await body()
    }

    // MARK: Tests

    @Test func migrationsRunOnceWhenSeveralInstancesStartTogether() async throws {
        try await TestDatabase.withScratchSchema { configuration in
            let storages = try await openTogether(4, configuration)

            var versions: [Int] = []
            for storage in storages { versions.append(try await storage.schemaVersion()) }
            let applied = try await storages[0].appliedMigrationCount()
            for storage in storages { try await storage.close() }

            let latest = PostgresStorage.latestSchemaVersion
            #expect(versions == [latest, latest, latest, latest])
            #expect(applied == PostgresStorage.migrationCount)
        }
    }

    @Test func anObjectWrittenThroughOneInstanceIsReadThroughAnother() async throws {
        try await TestDatabase.withScratchSchema { configuration in
            let storages = try await openTogether(2, configuration)

            _ = try await storages[0].objects.create(Fixture.newObject("Shared", "object1", ["value": 1]))
            let read = try await storages[1].objects.object(Fixture.key("Shared", "object1"), include: [], access: .anonymous)
            for storage in storages { try await storage.close() }

            #expect(read.fields == ["value": 1])
        }
    }

    @Test func dataAndSchemaVersionSurviveReopening() async throws {
        try await TestDatabase.withScratchSchema { configuration in
            let first = try await PostgresStorage.open(configuration: configuration, logger: TestDatabase.logger)
            let created = try await first.objects.create(
                Fixture.newObject("GameScore", "object1", ObjectStoreConformanceTests.specialFields))
            try await first.close()

            let second = try await PostgresStorage.open(configuration: configuration, logger: TestDatabase.logger)
            let read = try await second.objects.object(Fixture.key("GameScore", "object1"), include: [], access: .anonymous)
            let version = try await second.schemaVersion()
            let applied = try await second.appliedMigrationCount()
            try await second.close()

            #expect(read == created)
            #expect(version == PostgresStorage.latestSchemaVersion && applied == PostgresStorage.migrationCount)
        }
    }

    @Test func afterCloseEveryCallIsUnavailable() async throws {
        try await TestDatabase.withScratchSchema { configuration in
            let storage = try await PostgresStorage.open(configuration: configuration, logger: TestDatabase.logger)
            try await storage.checkHealth()

            try await storage.close()

            let write = await #expect(throws: StorageError.self) {
                _ = try await storage.objects.create(Fixture.newObject("Bulk", "late"))
            }
            let health = await #expect(throws: StorageError.self) { try await storage.checkHealth() }
            guard case .unavailable? = write, case .unavailable? = health else {
                Issue.record("Expected unavailable, got \(String(describing: write)) and \(String(describing: health))")
                return
            }
        }
    }

    @Test func aStringHoldingUPlus0000IsRefusedBecausePostgreSQLTextCannotHoldIt() async throws {
        try await TestDatabase.withScratchSchema { configuration in
            let storage = try await PostgresStorage.open(configuration: configuration, logger: TestDatabase.logger)
            _ = try await storage.objects.create(Fixture.newObject("Text", "clean", ["text": "ok"]))

            let create = await #expect(throws: StorageError.self) {
                _ = try await storage.objects.create(Fixture.newObject("Text", "nul", ["text": ["nested": "a\u{0}b"]]))
            }
            let update = await #expect(throws: StorageError.self) {
                let update = ObjectUpdate(
                    key: Fixture.key("Text", "clean"), updateDate: Fixture.date(1), operations: [(Fixture.field("text"), .set("a\u{0}"))])
                _ = try await storage.objects.update(update, access: .bypass)
            }
            let stillQueryable = try await storage.matching("Text", Fixture.whereField("text", .equalTo("ok")))
            try await storage.close()

            guard case .invalid(let createError)? = create, case .invalid? = update else {
                Issue.record("Expected invalid, got \(String(describing: create)) and \(String(describing: update))")
                return
            }
            #expect(createError.code == .invalidValue)
            #expect(stillQueryable == ["clean"])
        }
    }

    /// Bounded by the time limit (a hang fails it), not by a wall-clock assertion: a busy CI machine makes durations noise.
    @Test(.timeLimit(.minutes(1))) func anUnreachableServerFailsTheOpenWithUnavailable() async throws {
        var configuration = try TestDatabase.postgresConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 9
        configuration.timeout = .seconds(1)

        let error = await #expect(throws: StorageError.self) {
            _ = try await PostgresStorage.open(configuration: configuration, logger: TestDatabase.logger)
        }

        guard case .unavailable? = error else {
            Issue.record("Expected unavailable, got \(String(describing: error))")
            return
        }
    }

    /// Bounded by the time limit (a call that hung would fail it), not by a wall-clock assertion.
    @Test(.timeLimit(.minutes(3))) func anOutageFailsCallsWithinTheTimeoutAndTheStorageRecoversByItself() async throws {
        try await TestDatabase.withScratchDatabase { configuration in
            var configuration = configuration
            // 5 s, not less: on a busy CI machine even a healthy first connection can take seconds.
            configuration.timeout = .seconds(5)
            let server = try TestDatabase.postgresConfiguration()
            // Opening retries too: a machine busy with other suites can take the first connections past 5 s (seen in CI).
            let storage = try await eventually { try await PostgresStorage.open(configuration: configuration, logger: TestDatabase.logger) }
            _ = try await eventually { try await storage.objects.create(Fixture.newObject("Outage", "before")) }

            try await PostgresMaintenance.setConnectionsAllowed(
                false, database: configuration.database, on: server, logger: TestDatabase.logger)
            let during = await #expect(throws: StorageError.self) {
                _ = try await storage.objects.create(Fixture.newObject("Outage", "during"))
            }
            try await PostgresMaintenance.setConnectionsAllowed(
                true, database: configuration.database, on: server, logger: TestDatabase.logger)
            _ = try await eventually { try await storage.objects.create(Fixture.newObject("Outage", "after")) }
            let stored = try await eventually { try await storage.matching("Outage", .all) }
            try await storage.close()

            guard case .unavailable? = during else {
                Issue.record("Expected unavailable, got \(String(describing: during))")
                return
            }
            #expect(Set(stored) == ["after", "before"])  // a retried create may have been stored twice
        }
    }
}
