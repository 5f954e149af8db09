import KumoStorage
import Metrics
import NCMBWire

extension SQLiteWriter {
    /// Runs one batch in one transaction and returns each unit's outcome; every unit fails if the commit fails.
    func runBatch(_ batch: [QueuedUnit]) async -> [(Int, Result<any Sendable, any Error>)] {
        guard !batch.isEmpty else { return [] }
        let start = ContinuousClock.now
        let outcomes: [(Int, Result<any Sendable, any Error>)]
        // Changes are built only while someone listens (docs/architecture.md#change-feed).
        let recorder = feed?.isListened == true ? ChangeRecorder() : nil
        do {
            outcomes = try await connection.run { transaction in
                var transaction = transaction
                transaction.recorder = recorder
                return try await SQLiteWriter.runTransaction(batch, transaction: transaction)
            }
        } catch {
            return batch.map { ($0.id, .failure(error)) }
        }
        // After `COMMIT`, before any caller resumes: batches run one after another, so this is commit order.
        if let recorder, let feed { feed.publish(recorder.changes) }
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
        let mark = transaction.changeMark
        do {
            let value = try await unit.work(transaction)
            try transaction.execute("RELEASE unit")
            return .success(value)
        } catch {
            transaction.discardChanges(after: mark)
            try transaction.execute("ROLLBACK TO unit")
            try transaction.execute("RELEASE unit")
            return .failure(error)
        }
    }
}
