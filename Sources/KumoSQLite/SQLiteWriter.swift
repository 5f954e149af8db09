package import KumoStorage
import Logging
package import Metrics

/// The only write connection, with group commit (docs/architecture.md#sqlite-engine-kumosqlite).
///
/// Writes queue as units. Whoever finds the writer idle leads: it takes everything queued (up to `maximumBatch`
/// units), runs them in one `BEGIN IMMEDIATE … COMMIT`, each inside its own `SAVEPOINT`, and only after `COMMIT`
/// returns resumes each unit's caller, so an acknowledged write is durable. Units that queued meanwhile form the next
/// batch, led by the first of them. There is no timer: a batch is whatever queued while the previous commit synced.
/// A failing unit rolls back to its savepoint and fails alone; a failing `COMMIT` fails every unit of its batch.
/// A whole batch, from `BEGIN` to `COMMIT`, runs as one job on the storage's thread pool.
package actor SQLiteWriter {
    /// A unit's work: statements on the write transaction, returning what the caller gets.
    typealias Work = @Sendable (SQLiteTransaction) async throws -> any Sendable

    /// A queued unit.
    struct QueuedUnit: Sendable {
        let id: Int
        let work: Work
    }

    /// What a waiting caller is woken for.
    private enum Signal {
        /// Its unit's batch has finished; the outcome is stored.
        case completed
        /// It leads the next batch, which starts with its unit.
        case lead
    }

    let connection: SQLiteConnection
    let maximumBatch: Int
    /// `kumo_storage_commit_batch_units`: the units of each group commit (docs/operations.md#metrics).
    let batchUnits: Recorder
    /// `kumo_storage_commit_duration_seconds`: how long each group commit took, durable sync included.
    let commitDuration: Timer
    /// Where committed changes go while someone listens (docs/architecture.md#change-feed).
    let feed: ChangeFeed?

    private var queue: [QueuedUnit] = []
    private var waiters: [Int: CheckedContinuation<Signal, Never>] = [:]
    private var outcomes: [Int: Result<any Sendable, any Error>] = [:]
    private var nextUnitId = 0
    private var isLeading = false
    private var isClosed = false
    private var drainWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a writer over an open connection it then owns.
    package init(
        connection: SQLiteConnection, maximumBatch: Int, feed: ChangeFeed? = nil, metrics: any MetricsFactory = MetricsSystem.factory
    ) {
        self.connection = connection
        self.feed = feed
        self.maximumBatch = max(1, maximumBatch)
        self.batchUnits = Recorder(label: "kumo_storage_commit_batch_units", factory: metrics)
        self.commitDuration = Timer(label: "kumo_storage_commit_duration_seconds", factory: metrics)
    }

    /// Runs one unit in the next group commit and returns its result once the commit is durable.
    ///
    /// - Throws: what the unit threw (its changes are rolled back), `StorageError.unavailable` when the commit failed
    ///   or the writer is closed.
    package func perform<Value: Sendable>(_ work: @escaping @Sendable (SQLiteTransaction) async throws -> Value) async throws -> Value {
        guard !isClosed else { throw StorageError.unavailable("The storage is closed.") }
        let id = nextUnitId
        nextUnitId += 1
        queue.append(QueuedUnit(id: id, work: { try await work($0) }))
        if isLeading {
            let signal = await withCheckedContinuation { waiters[id] = $0 }
            if case .lead = signal { await lead() }
        } else {
            isLeading = true
            await lead()
        }
        guard let outcome = outcomes.removeValue(forKey: id) else {
            preconditionFailure("A write unit finished without an outcome.")
        }
        guard let value = try outcome.get() as? Value else {
            preconditionFailure("A write unit returned a value of another type.")
        }
        return value
    }

    /// Refuses new units, waits for the queued ones to commit, runs `PRAGMA optimize`, then closes the connection.
    package func close() async throws {
        guard !isClosed else { return }
        isClosed = true
        if isLeading {
            await withCheckedContinuation { drainWaiters.append($0) }
        }
        // Keeps the query planner's statistics fresh; a failure here must not keep the connection open.
        _ = try? await connection.run { try $0.execute("PRAGMA optimize") }
        try await connection.close()
    }

    /// Runs batches until this caller's unit is done, then hands the lead to the next queued unit or goes idle.
    private func lead() async {
        while true {
            let count = min(queue.count, maximumBatch)
            let batch = Array(queue.prefix(count))
            queue.removeFirst(count)
            for (id, outcome) in await runBatch(batch) { outcomes[id] = outcome }
            for unit in batch { waiters.removeValue(forKey: unit.id)?.resume(returning: .completed) }
            if let next = queue.first {
                if let waiter = waiters.removeValue(forKey: next.id) {
                    waiter.resume(returning: .lead)
                    return
                }
                continue
            }
            isLeading = false
            for waiter in drainWaiters { waiter.resume() }
            drainWaiters.removeAll()
            return
        }
    }
}
