import KumoPostgres
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The work budget of reads on PostgreSQL (issue 13, finding 1; docs/decisions/0067-work-budget.md): the read time
/// limit is the sessions' `statement_timeout` and answers `StorageError.timeLimitExceeded`, and expensive reads pass
/// admission. PostgreSQL's regular-expression engine does not backtrack on finding 1's pattern, so `pg_sleep` stands
/// in for an expensive statement. No time limit on the suite: the scratch schema may wait for a slot under a full run,
/// and every statement here ends by `statement_timeout`.
@Suite(.enabled(if: TestDatabase.runsPostgres, TestDatabase.skipReason))
struct PostgresWorkBudgetTests {
    private func open(_ configuration: PostgresConfiguration, limits: ReadLimits) async throws -> PostgresStorage {
        var configuration = configuration
        configuration.readLimits = limits
        return try await PostgresStorage.open(configuration: configuration, logger: TestDatabase.logger)
    }

    @Test func aStatementPastTheTimeLimitStopsAndTheConnectionServesAgain() async throws {
        try await TestDatabase.withScratchSchema { configuration in
            let storage = try await open(configuration, limits: ReadLimits(timeLimit: .seconds(1), expensiveReadLanes: nil, maximumWaitingReads: 8))
            var stoppedByTheLimit = false
            do {
                _ = try await storage.rows("SELECT pg_sleep(30)")
            } catch StorageError.timeLimitExceeded {
                stoppedByTheLimit = true
            }
            let after = try await storage.rows("SELECT 1 AS one")
            try await storage.close()

            #expect(stoppedByTheLimit)
            #expect(after.first?.integer("one") == 1)
        }
    }

    @Test func anExpensiveReadBeyondTheWaitingMaximumIsRefusedAtOnce() async throws {
        try await TestDatabase.withScratchSchema { configuration in
            let storage = try await open(configuration, limits: ReadLimits(timeLimit: .seconds(3), expensiveReadLanes: 1, maximumWaitingReads: 0))
            let running = Task { try await storage.rows("SELECT pg_sleep(30)") }
            try await waitUntil("the pg_sleep read running") { storage.readOccupancy.running > 0 }
            var refused = false
            do {
                _ = try await storage.objects.find(
                    FindRequest(applicationId: Fixture.applicationId, className: Fixture.className("Any"), parameters: QueryParameters()),
                    access: .bypass)
            } catch StorageError.overloaded {
                refused = true
            }
            // A point lookup does not need a lane: it answers (not found) rather than being refused.
            var pointLookupAnswered = false
            do {
                _ = try await storage.objects.object(Fixture.key("Any", "missing"), include: [], access: .bypass)
            } catch StorageError.notFound {
                pointLookupAnswered = true
            }
            _ = await running.result
            try await storage.close()

            #expect(refused)
            #expect(pointLookupAnswered)
        }
    }

    @Test func aResultPastItsByteBoundStopsWithE400005NamingLimit() async throws {
        try await TestDatabase.withScratchSchema { configuration in
            let storage = try await open(configuration, limits: .unlimited)
            let sql = "SELECT repeat('x', 10) AS v FROM generate_series(1, 3)"
            let withinBound = try await storage.rows(sql, maximumBytes: 30)
            var refused: APIError?
            do {
                _ = try await storage.rows(sql, maximumBytes: 29)
            } catch StorageError.invalid(let error) {
                refused = error
            }
            try await storage.close()

            #expect(withinBound.count == 3)
            #expect(refused == APIError(.invalidValue, "limit"))
        }
    }
}
