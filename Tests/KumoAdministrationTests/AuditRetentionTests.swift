import KumoAdministration
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The audit log's retention (`kumo serve --dashboard-audit-days`, docs/dashboard.md#audit-log): entries older than the
/// retention are deleted in batches, and zero days keeps everything without touching storage.
@Suite struct AuditRetentionTests {
    @Test func pruningDeletesEntriesOlderThanTheRetentionInBatches() async throws {
        let cutoffs = LockedBox<[WireDate]>([])
        let answers = LockedBox([AdministrationAuditRetention.pruneBatch, 3])
        var storage = FailingStorage()
        storage.adminStore.onRemoveAuditEntries = { date, limit in
            #expect(limit == AdministrationAuditRetention.pruneBatch)
            cutoffs.mutate { $0.append(date) }
            var answer = 0
            answers.mutate { answer = $0.removeFirst() }
            return answer
        }
        let retention = AdministrationAuditRetention(storage: storage, clock: TestClock(), logger: .quiet, days: 2)

        let deleted = try await retention.prune()

        let cutoff = WireDate(millisecondsSince1970: TestClock.start.millisecondsSince1970 - 2 * 86_400_000)
        #expect(deleted == AdministrationAuditRetention.pruneBatch + 3)
        #expect(cutoffs.get() == [cutoff, cutoff])
    }

    @Test func zeroDaysKeepsEveryEntryWithoutAStorageCall() async throws {
        // FailingStorage fails the test on any call: none is expected.
        let retention = AdministrationAuditRetention(storage: FailingStorage(), clock: TestClock(), logger: .quiet, days: 0)

        let deleted = try await retention.prune()

        #expect(deleted == 0)
    }

    @Test func aStorageErrorReachesTheCaller() async throws {
        struct Unavailable: Error {}
        var storage = FailingStorage()
        storage.adminStore.onRemoveAuditEntries = { _, _ in throw Unavailable() }
        let retention = AdministrationAuditRetention(storage: storage, clock: TestClock(), logger: .quiet, days: 365)

        await #expect(throws: Unavailable.self) { try await retention.prune() }
    }
}
