import KumoStorage
import Logging
import SQLiteNIO

/// Read-only WAL connections (`PRAGMA query_only`) that serve reads while the writer works (architecture §7.6).
///
/// Each read borrows one connection and runs all its statements (page, count, includes) in one read transaction, so
/// they see one snapshot. Callers wait in arrival order when every connection is busy.
actor SQLiteReaderPool {
    private let logger: Logger
    private var connections: [SQLiteConnection]
    private var available: [SQLiteConnection]
    private var waiters: [CheckedContinuation<SQLiteConnection?, Never>] = []
    private var borrowedCount = 0
    private var isClosed = false
    private var closeWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a pool over open, configured connections it then owns.
    init(connections: [SQLiteConnection], logger: Logger) {
        self.connections = connections
        self.available = connections
        self.logger = logger
    }

    /// Runs `body` in one read transaction on one connection.
    ///
    /// - Throws: what `body` threw, or `StorageError.unavailable` when the pool is closed or SQLite fails.
    nonisolated func read<Value: Sendable>(_ body: @Sendable (SQLiteTransaction) async throws -> Value) async throws -> Value {
        guard let connection = await acquire() else { throw StorageError.unavailable("The storage is closed.") }
        let transaction = SQLiteTransaction(connection: connection, logger: logger)
        do {
            try await transaction.execute("BEGIN")
            let value = try await body(transaction)
            try await transaction.execute("COMMIT")
            await release(connection)
            return value
        } catch {
            try? await transaction.execute("ROLLBACK")
            await release(connection)
            throw error
        }
    }

    /// Waits for the borrowed connections to come back, then closes every connection; later reads fail.
    func close() async throws {
        guard !isClosed else { return }
        isClosed = true
        for waiter in waiters { waiter.resume(returning: nil) }
        waiters.removeAll()
        if borrowedCount > 0 {
            await withCheckedContinuation { closeWaiters.append($0) }
        }
        for connection in connections { try await connection.close() }
        connections.removeAll()
        available.removeAll()
    }

    private func acquire() async -> SQLiteConnection? {
        guard !isClosed else { return nil }
        if let connection = available.popLast() {
            borrowedCount += 1
            return connection
        }
        // A connection handed over by `release` stays counted as borrowed.
        return await withCheckedContinuation { waiters.append($0) }
    }

    private func release(_ connection: SQLiteConnection) {
        if !isClosed, !waiters.isEmpty {
            waiters.removeFirst().resume(returning: connection)
            return
        }
        borrowedCount -= 1
        available.append(connection)
        if isClosed, borrowedCount == 0 {
            for waiter in closeWaiters { waiter.resume() }
            closeWaiters.removeAll()
        }
    }
}
