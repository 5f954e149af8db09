import Foundation
import KumoSeamsTestSupport
import KumoSQLite
import KumoStorage
import NCMBWire
import Testing

/// The work budget of reads (issue 13, finding 1; docs/decisions/0067-work-budget.md): a read past its time limit stops,
/// a cancelled read stops, expensive reads cannot take the connection a point lookup needs, and a full queue refuses.
///
/// The expensive read is finding 1's: `(.*a){20}` against 40 `a` and a `!`, which backtracks for minutes. Each test
/// fails by hanging when the budget does not work, so each has a time limit.
@Suite(.timeLimit(.minutes(1))) struct SQLiteWorkBudgetTests {
    static let catastrophicPattern = "(.*a){20}"

    /// Opens a storage with one stored victim of the pattern.
    private func storage(_ temporary: TemporaryStorage, limits: ReadLimits, readerCount: Int = 2) async throws -> SQLiteStorage {
        var configuration = SQLiteConfiguration(databasePath: temporary.databasePath, readerCount: readerCount)
        configuration.readLimits = limits
        let storage = try await SQLiteStorage.open(configuration: configuration, logger: TemporaryStorage.logger)
        _ = try await storage.objects.create(Fixture.newObject("ReDoS", "victim", ["s": .string(String(repeating: "a", count: 40) + "!")]))
        return storage
    }

    private func expensiveFind(_ storage: SQLiteStorage) async throws -> FoundObjects {
        let query = Fixture.whereField("s", .regex(SQLiteWorkBudgetTests.catastrophicPattern))
        return try await storage.objects.find(Fixture.request("ReDoS", QueryParameters(whereQuery: query)), access: .bypass)
    }

    @Test func aRegularExpressionPastTheTimeLimitStopsAndTheConnectionServesAgain() async throws {
        let temporary = try TemporaryStorage()
        defer { temporary.remove() }
        // 2 s: the plain read after it never meets the limit on a busy machine (200 ms did in CI); the pattern runs far longer.
        let storage = try await storage(temporary, limits: ReadLimits(timeLimit: .seconds(2), expensiveReadLanes: nil, maximumWaitingReads: 8))

        var stoppedByTheLimit = false
        do { _ = try await expensiveFind(storage) } catch StorageError.timeLimitExceeded { stoppedByTheLimit = true }
        let plain = try await storage.objects.find(Fixture.request("ReDoS"), access: .bypass)
        try await storage.close()

        #expect(stoppedByTheLimit)
        #expect(plain.objects.map(\.objectId) == ["victim"])
    }

    @Test func aCancelledReadStopsWithoutATimeLimit() async throws {
        let temporary = try TemporaryStorage()
        defer { temporary.remove() }
        let storage = try await storage(temporary, limits: .unlimited)

        let read = Task { try await expensiveFind(storage) }
        try await waitUntil("the expensive read running") { storage.readOccupancy.running == 1 }
        read.cancel()
        let result = await read.result
        let occupancyAfter = storage.readOccupancy
        try await storage.close()

        #expect(throws: CancellationError.self) { try result.get() }
        #expect(occupancyAfter.running == 0)
    }

    @Test func aPointLookupIsServedWhileExpensiveReadsHoldEveryLane() async throws {
        let temporary = try TemporaryStorage()
        defer { temporary.remove() }
        // Two readers: one lane for expensive reads, one connection kept for point lookups.
        let storage = try await storage(temporary, limits: .unlimited, readerCount: 2)

        let first = Task { try await expensiveFind(storage) }
        let second = Task { try await expensiveFind(storage) }
        try await waitUntil("one read running and one waiting") { storage.readOccupancy.running == 1 && storage.readOccupancy.waiting == 1 }
        let found = try await storage.objects.object(Fixture.key("ReDoS", "victim"), include: [], access: .bypass)
        first.cancel()
        second.cancel()
        _ = await (first.result, second.result)
        try await storage.close()

        #expect(found.objectId == "victim")
    }

    @Test func anExpensiveReadBeyondTheWaitingMaximumIsRefusedAtOnce() async throws {
        let temporary = try TemporaryStorage()
        defer { temporary.remove() }
        let storage = try await storage(temporary, limits: ReadLimits(timeLimit: nil, expensiveReadLanes: 1, maximumWaitingReads: 0))

        let running = Task { try await expensiveFind(storage) }
        try await waitUntil("the expensive read running") { storage.readOccupancy.running == 1 }
        var refused = false
        do { _ = try await storage.objects.find(Fixture.request("ReDoS"), access: .bypass) } catch StorageError.overloaded { refused = true }
        running.cancel()
        _ = await running.result
        try await storage.close()

        #expect(refused)
    }

    @Test func aResultPastItsByteBoundStopsWithE400005NamingLimit() async throws {
        let temporary = try TemporaryStorage()
        defer { temporary.remove() }
        let handle = try SQLiteHandle(path: temporary.databasePath, busyTimeoutMilliseconds: 1000)
        defer { handle.close() }
        try handle.executeScript("CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('0123456789'), ('0123456789'), ('0123456789');")

        let withinBound = try handle.rows("SELECT v FROM t", [], maximumBytes: 30)
        var refused: APIError?
        do { _ = try handle.rows("SELECT v FROM t", [], maximumBytes: 29) } catch StorageError.invalid(let error) { refused = error }

        #expect(withinBound.count == 3)
        #expect(refused == APIError(.invalidValue, "limit"))
    }
}
