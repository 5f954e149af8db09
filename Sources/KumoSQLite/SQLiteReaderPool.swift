package import KumoStorage
import NIOConcurrencyHelpers
import VaporCSQLite

/// Read-only WAL connections (`PRAGMA query_only`) that serve reads while the writer works
/// (docs/architecture.md#sqlite-engine-kumosqlite).
///
/// Each read borrows one connection and runs all its statements (page, count, includes) in one read transaction, so
/// they see one snapshot; the transaction is one job on the storage's thread pool, except point lookups, which run on
/// the calling thread (``ReadShape``). Callers wait in arrival order when every connection is busy. The pool's state
/// sits behind a lock rather than in an actor: borrowing a free connection then costs no executor hop.
///
/// The work budget (docs/decisions/0067-work-budget.md): reads other than point lookups pass ``admission`` first, which
/// leaves one connection for point lookups; every read runs under its connection's ``SQLiteWorkLimit`` (stopped past
/// the time limit by the watchdog, or when its task is cancelled).
package final class SQLiteReaderPool: Sendable {
    private struct State {
        var available: [SQLiteConnection]
        var waiters: [CheckedContinuation<SQLiteConnection?, Never>] = []
        var borrowedCount = 0
        var isClosed = false
        var closeWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// What a caller of `acquire` does next.
    private enum Acquisition {
        case borrowed(SQLiteConnection)
        case closed
        case mustWait
    }

    private let state: NIOLockedValueBox<State>
    private let counts = NIOLockedValueBox((callingThread: 0, threadPool: 0))
    /// Admission of reads other than point lookups.
    let admission: ReadAdmission
    private let timeLimit: Duration?
    /// Stops reads past their deadline and repeats the interrupt of cancelled ones.
    private let watchdog: Task<Void, Never>

    /// How often the watchdog looks for reads past their deadline.
    static let watchdogInterval: Duration = .milliseconds(25)

    /// Creates a pool over open, configured connections it then owns.
    package init(connections: [SQLiteConnection], limits: ReadLimits = .unlimited) {
        self.state = NIOLockedValueBox(State(available: connections))
        let lanes = limits.expensiveReadLanes ?? max(1, connections.count - 1)
        self.admission = ReadAdmission(lanes: lanes, maximumWaiting: limits.maximumWaitingReads)
        self.timeLimit = limits.timeLimit
        let workLimits = connections.map(\.handle.workLimit)
        self.watchdog = Task.detached {
            while !Task.isCancelled {
                try? await Task.sleep(for: SQLiteReaderPool.watchdogInterval)
                for workLimit in workLimits { workLimit.checkDeadline() }
            }
        }
    }

    /// How a read runs; see ``read(_:_:)``: a point lookup on the calling thread, one statement on the thread pool, several
    /// statements on the thread pool inside `BEGIN`…`COMMIT`.
    package typealias ReadShape = SQLReadShape

    /// How many expensive reads run and how many wait for admission.
    var occupancy: (running: Int, waiting: Int) { admission.occupancy }

    /// How many reads ran on the calling thread and how many on the thread pool since the pool opened.
    var readCounts: (callingThread: Int, threadPool: Int) { counts.withLockedValue { ($0.callingThread, $0.threadPool) } }

    /// Runs `body` on one connection.
    ///
    /// A point lookup runs right where it is called, even on an event loop: handing a read that takes a few
    /// microseconds to another thread cost more than the read itself (two thread switches; measured with `kumo bench`
    /// getById, see README, Performance). A reader in WAL mode never waits for the writer, so such a read blocks only
    /// as long as its B-tree lookup. Every other read goes to the storage's thread pool.
    ///
    /// - Parameter limited: whether the read passes admission (unless a point lookup) and runs under the time limit;
    ///   `false` for maintenance (integrity check, schema version).
    /// - Throws: what `body` threw, `StorageError.timeLimitExceeded` past the time limit, `StorageError.overloaded` when
    ///   too many reads wait, `CancellationError` when the task was cancelled, or `StorageError.unavailable` when the
    ///   pool is closed or SQLite fails.
    package func read<Value: Sendable>(
        _ shape: ReadShape = .snapshot, limited: Bool = true,
        _ body: @escaping @Sendable (SQLiteTransaction) async throws -> Value
    ) async throws -> Value {
        guard limited, shape != .pointLookup else { return try await borrowAndRun(shape, limited: limited, body) }
        return try await admission.admit { try await borrowAndRun(shape, limited: true, body) }
    }

    private func borrowAndRun<Value: Sendable>(
        _ shape: ReadShape, limited: Bool, _ body: @escaping @Sendable (SQLiteTransaction) async throws -> Value
    ) async throws -> Value {
        guard let connection = await acquire() else { throw StorageError.unavailable("The storage is closed.") }
        defer { release(connection) }
        let workLimit = connection.handle.workLimit
        let generation = workLimit.begin(timeLimit: limited ? timeLimit : nil)
        let result: Result<Value, any Error>
        do {
            let value = try await withTaskCancellationHandler {
                try await run(shape, on: connection, body)
            } onCancel: {
                workLimit.cancel(generation)
            }
            result = .success(value)
        } catch {
            result = .failure(error)
        }
        // A stopped read fails even when its statement finished: a `regexp` that gave up answered "no match", so the
        // rows it returned may be missing some.
        switch workLimit.end() {
        case .cancelled?: throw CancellationError()
        case .deadline?: throw StorageError.timeLimitExceeded
        case nil: return try result.get()
        }
    }

    private func run<Value: Sendable>(
        _ shape: ReadShape, on connection: SQLiteConnection, _ body: @escaping @Sendable (SQLiteTransaction) async throws -> Value
    ) async throws -> Value {
        switch shape {
        case .pointLookup:
            counts.withLockedValue { $0.callingThread += 1 }
            return try await connection.runHere(body)
        case .singleStatement:
            counts.withLockedValue { $0.threadPool += 1 }
            return try await connection.run(body)
        case .snapshot:
            counts.withLockedValue { $0.threadPool += 1 }
            return try await connection.run { transaction in
                try transaction.execute("BEGIN")
                do {
                    let value = try await body(transaction)
                    try transaction.execute("COMMIT")
                    return value
                } catch {
                    try? transaction.execute("ROLLBACK")
                    throw error
                }
            }
        }
    }

    /// Waits for the borrowed connections to come back, then closes every connection; later reads fail.
    package func close() async throws {
        watchdog.cancel()
        let (waiters, mustWait) = state.withLockedValue { state -> ([CheckedContinuation<SQLiteConnection?, Never>], Bool) in
            guard !state.isClosed else { return ([], false) }
            state.isClosed = true
            let waiters = state.waiters
            state.waiters.removeAll()
            return (waiters, state.borrowedCount > 0)
        }
        for waiter in waiters { waiter.resume(returning: nil) }
        if mustWait {
            await withCheckedContinuation { continuation in
                let isIdle = state.withLockedValue { state in
                    if state.borrowedCount == 0 { return true }
                    state.closeWaiters.append(continuation)
                    return false
                }
                if isIdle { continuation.resume() }
            }
        }
        let toClose = state.withLockedValue { state in
            let available = state.available
            state.available.removeAll()
            return available
        }
        for connection in toClose { try await connection.close() }
    }

    private func acquire() async -> SQLiteConnection? {
        switch state.withLockedValue({ SQLiteReaderPool.take(&$0) }) {
        case .borrowed(let connection): return connection
        case .closed: return nil
        case .mustWait: break
        }
        return await withCheckedContinuation { continuation in
            // A connection may have come back between the first look and now.
            let immediate = state.withLockedValue { state -> Acquisition in
                let acquisition = SQLiteReaderPool.take(&state)
                if case .mustWait = acquisition { state.waiters.append(continuation) }
                return acquisition
            }
            switch immediate {
            case .borrowed(let connection): continuation.resume(returning: connection)
            case .closed: continuation.resume(returning: nil)
            case .mustWait: break
            }
        }
    }

    private static func take(_ state: inout State) -> Acquisition {
        if state.isClosed { return .closed }
        guard let connection = state.available.popLast() else { return .mustWait }
        state.borrowedCount += 1
        return .borrowed(connection)
    }

    /// Hands the connection to the longest waiter, or puts it back; a handed-over connection stays counted as borrowed.
    private func release(_ connection: SQLiteConnection) {
        enum Next {
            case handOver(CheckedContinuation<SQLiteConnection?, Never>)
            case finishClose([CheckedContinuation<Void, Never>])
            case nothing
        }
        let next = state.withLockedValue { state -> Next in
            if !state.isClosed, !state.waiters.isEmpty { return .handOver(state.waiters.removeFirst()) }
            state.borrowedCount -= 1
            state.available.append(connection)
            guard state.isClosed, state.borrowedCount == 0 else { return .nothing }
            let closeWaiters = state.closeWaiters
            state.closeWaiters.removeAll()
            return .finishClose(closeWaiters)
        }
        switch next {
        case .handOver(let waiter): waiter.resume(returning: connection)
        case .finishClose(let waiters): for waiter in waiters { waiter.resume() }
        case .nothing: break
        }
    }
}
