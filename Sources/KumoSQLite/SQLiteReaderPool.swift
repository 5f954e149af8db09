import KumoStorage
import NIOConcurrencyHelpers

/// Read-only WAL connections (`PRAGMA query_only`) that serve reads while the writer works (architecture §7.6).
///
/// Each read borrows one connection and runs all its statements (page, count, includes) in one read transaction, so
/// they see one snapshot; the transaction is one job on the storage's thread pool. Callers wait in arrival order when
/// every connection is busy. The pool's state sits behind a lock rather than in an actor: borrowing a free connection
/// then costs no executor hop.
final class SQLiteReaderPool: Sendable {
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

    /// Creates a pool over open, configured connections it then owns.
    init(connections: [SQLiteConnection]) {
        self.state = NIOLockedValueBox(State(available: connections))
    }

    /// Runs `body` in one read transaction on one connection.
    ///
    /// - Parameter isSingleStatement: `body` runs exactly one statement, which SQLite already runs in its own implicit
    ///   read transaction, so no explicit `BEGIN`/`COMMIT` is needed for one snapshot.
    /// - Throws: what `body` threw, or `StorageError.unavailable` when the pool is closed or SQLite fails.
    func read<Value: Sendable>(
        isSingleStatement: Bool = false, _ body: @escaping @Sendable (SQLiteTransaction) throws -> Value
    ) async throws -> Value {
        guard let connection = await acquire() else { throw StorageError.unavailable("The storage is closed.") }
        defer { release(connection) }
        return try await connection.run { transaction in
            if isSingleStatement { return try body(transaction) }
            try transaction.execute("BEGIN")
            do {
                let value = try body(transaction)
                try transaction.execute("COMMIT")
                return value
            } catch {
                try? transaction.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// Waits for the borrowed connections to come back, then closes every connection; later reads fail.
    func close() async throws {
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
