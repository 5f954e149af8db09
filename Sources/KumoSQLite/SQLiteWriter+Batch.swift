import KumoStorage
import Metrics
import NCMBWire

extension SQLiteWriter {
    /// Runs one batch in one transaction and returns each unit's outcome; every unit fails if the commit fails.
    func runBatch(_ batch: [QueuedUnit]) async -> [(Int, Result<any Sendable, any Error>)] {
        guard !batch.isEmpty else { return [] }
        let start = ContinuousClock.now
        let outcomes: [(Int, Result<any Sendable, any Error>)]
        do {
            outcomes = try await connection.run { transaction in try await SQLiteWriter.runTransaction(batch, transaction: transaction) }
        } catch {
            return batch.map { ($0.id, .failure(error)) }
        }
        batchUnits.record(batch.count)
        let elapsed = ContinuousClock.now - start
        commitDuration.recordNanoseconds(elapsed.wholeNanoseconds)
        return outcomes
    }

    /// `BEGIN IMMEDIATE`, each unit in its savepoint, `COMMIT`; runs on the thread pool.
    ///
    /// - Throws: when `BEGIN`, a savepoint or `COMMIT` fails (the transaction is rolled back and the whole batch fails).
    private static func runTransaction(
        _ batch: [QueuedUnit], transaction: SQLiteTransaction
    ) async throws -> [(Int, Result<any Sendable, any Error>)] {
        try transaction.execute("BEGIN IMMEDIATE")
        var outcomes: [(Int, Result<any Sendable, any Error>)] = []
        outcomes.reserveCapacity(batch.count)
        do {
            for unit in batch { outcomes.append((unit.id, try await runUnit(unit, transaction: transaction))) }
            try transaction.execute("COMMIT")
        } catch {
            try? transaction.execute("ROLLBACK")
            throw error
        }
        return outcomes
    }

    /// Runs one unit inside a savepoint; its own failure is its outcome, a savepoint failure is thrown.
    private static func runUnit(_ unit: QueuedUnit, transaction: SQLiteTransaction) async throws -> Result<any Sendable, any Error> {
        try transaction.execute("SAVEPOINT unit")
        do {
            let value = try await unit.work(transaction)
            try transaction.execute("RELEASE unit")
            return .success(value)
        } catch {
            try transaction.execute("ROLLBACK TO unit")
            try transaction.execute("RELEASE unit")
            return .failure(error)
        }
    }
}
