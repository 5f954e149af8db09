import KumoSQLite
import KumoStorage
import NCMBWire
import Testing

/// Where reads run: a point lookup (a row by its key) on the calling thread, everything else on the storage's thread
/// pool, so that no query of unbounded cost ever runs on an event loop.
@Suite struct SQLiteReadPlacementTests {
    @Test func aGetByObjectIdRunsOnTheCallingThread() async throws {
        try await TemporaryStorage.with { storage in
            _ = try await storage.objects.create(Fixture.newObject("GameScore", "object1", ["score": .integer(7)]))
            let before = storage.readCounts

            let object = try await storage.objects.object(Fixture.key("GameScore", "object1"), include: [], access: .anonymous)
            let missing = await #expect(throws: StorageError.self) {
                try await storage.objects.object(Fixture.key("GameScore", "missing"), include: [], access: .anonymous)
            }
            guard case .notFound? = missing else {
                Issue.record("A missing object must be notFound, got \(String(describing: missing))")
                return
            }

            #expect(object.fields["score"] == .integer(7))
            #expect(storage.readCounts.callingThread == before.callingThread + 2)
            #expect(storage.readCounts.threadPool == before.threadPool)
        }
    }

    @Test func queriesAndIncludesRunOnTheThreadPool() async throws {
        try await TemporaryStorage.with { storage in
            _ = try await storage.objects.create(Fixture.newObject("GameScore", "object1", ["score": .integer(7)]))
            let before = storage.readCounts

            _ = try await storage.objects.find(Fixture.request("GameScore"), access: .anonymous)
            _ = try await storage.objects.find(Fixture.request("GameScore", QueryParameters(includesCount: true)), access: .anonymous)
            _ = try await storage.objects.object(
                Fixture.key("GameScore", "object1"), include: [[try FieldName(validating: "owner")]], access: .anonymous)

            #expect(storage.readCounts.threadPool == before.threadPool + 3)
            #expect(storage.readCounts.callingThread == before.callingThread)
        }
    }
}
