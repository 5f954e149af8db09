import KumoStorage
import Metrics

extension SQLiteWriter {
    /// Runs one batch in one transaction and returns each unit's outcome; every unit fails if the commit fails.
    func runBatch(_ batch: [QueuedUnit]) async -> [(Int, Result<any Sendable, any Error>)] {
        guard !batch.isEmpty else { return [] }
        let start = ContinuousClock.now
        do {
            try await transaction.execute("BEGIN IMMEDIATE")
        } catch {
            return batch.map { ($0.id, .failure(error)) }
        }
        var outcomes: [(Int, Result<any Sendable, any Error>)] = []
        outcomes.reserveCapacity(batch.count)
        for unit in batch {
            do {
                outcomes.append((unit.id, try await runUnit(unit)))
            } catch {
                // The savepoint itself failed: the transaction is unusable, so the whole batch fails.
                try? await transaction.execute("ROLLBACK")
                return batch.map { ($0.id, .failure(error)) }
            }
        }
        do {
            try await transaction.execute("COMMIT")
        } catch {
            try? await transaction.execute("ROLLBACK")
            return batch.map { ($0.id, .failure(error)) }
        }
        batchUnits.record(batch.count)
        let elapsed = ContinuousClock.now - start
        commitDuration.recordNanoseconds(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
        return outcomes
    }

    /// Runs one unit inside a savepoint; its own failure is its outcome, a savepoint failure is thrown.
    private func runUnit(_ unit: QueuedUnit) async throws -> Result<any Sendable, any Error> {
        try await transaction.execute("SAVEPOINT unit")
        do {
            let value = try await unit.work(transaction)
            try await transaction.execute("RELEASE unit")
            return .success(value)
        } catch {
            try await transaction.execute("ROLLBACK TO unit")
            try await transaction.execute("RELEASE unit")
            return .failure(error)
        }
    }
}
