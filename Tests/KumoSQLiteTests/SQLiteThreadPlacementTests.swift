import KumoSQLite
import KumoStorage
import NIOPosix
import Testing

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The shared stores' async code runs inside SQLite's jobs without leaving their thread: a write unit, from `BEGIN` to
/// `COMMIT`, stays on the storage's pool thread however many statements it awaits; a point lookup runs on the caller's
/// thread, a query on the pool.
@Suite struct SQLiteThreadPlacementTests {
    /// The current thread.
    static func thread() -> UInt {
        #if canImport(Glibc)
            UInt(pthread_self())
        #else
            UInt(bitPattern: pthread_self())
        #endif
    }

    /// Runs a statement through the `SQLExecutor` protocol, as the shared stores do.
    static func rows<Executor: SQLExecutor>(_ executor: Executor, _ sql: String) async throws -> [SQLRow] {
        try await executor.rows(SQLStatement(dialect: SQLiteStorage.dialect, sql))
    }

    /// A started pool of one thread and that thread.
    static func singleThreadPool() async throws -> (NIOThreadPool, UInt) {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        return (pool, try await pool.runIfActive { thread() })
    }

    /// A connection on a fresh database whose jobs run on `pool`.
    static func connection(_ temporary: TemporaryStorage, pool: NIOThreadPool) throws -> SQLiteConnection {
        let handle = try SQLiteHandle(path: temporary.databasePath, busyTimeoutMilliseconds: 1000)
        return SQLiteConnection(handle: handle, executor: ThreadPoolTaskExecutor(threadPool: pool), logger: TemporaryStorage.logger)
    }

    // MARK: Tests

    @Test func aWriteUnitAwaitsItsStatementsWithoutLeavingThePoolThread() async throws {
        let temporary = try TemporaryStorage()
        defer { temporary.remove() }
        let (pool, poolThread) = try await SQLiteThreadPlacementTests.singleThreadPool()
        let writer = SQLiteWriter(connection: try SQLiteThreadPlacementTests.connection(temporary, pool: pool), maximumBatch: 8)

        let threads = try await writer.perform { transaction in
            var threads = [SQLiteThreadPlacementTests.thread()]
            for index in 0..<5 {
                _ = try await SQLiteThreadPlacementTests.rows(transaction, "CREATE TABLE t\(index) (x INTEGER)")
                threads.append(SQLiteThreadPlacementTests.thread())
            }
            return threads
        }
        try await writer.close()
        try await pool.shutdownGracefully()

        #expect(threads == Array(repeating: poolThread, count: 6))
    }

    @Test func aPointLookupStaysOnTheCallersThreadAndAQueryGoesToThePool() async throws {
        let temporary = try TemporaryStorage()
        defer { temporary.remove() }
        let (storagePool, storageThread) = try await SQLiteThreadPlacementTests.singleThreadPool()
        let (callerPool, callerThread) = try await SQLiteThreadPlacementTests.singleThreadPool()
        let readers = SQLiteReaderPool(connections: [try SQLiteThreadPlacementTests.connection(temporary, pool: storagePool)])

        // The caller runs on a thread of its own pool, as a request runs on its event loop.
        let (lookupThread, queryThread) = try await withTaskExecutorPreference(ThreadPoolTaskExecutor(threadPool: callerPool)) {
            let lookup = try await readers.read(.pointLookup) { transaction in
                _ = try await SQLiteThreadPlacementTests.rows(transaction, "SELECT 1")
                return SQLiteThreadPlacementTests.thread()
            }
            let query = try await readers.read(.singleStatement) { transaction in
                _ = try await SQLiteThreadPlacementTests.rows(transaction, "SELECT 1")
                return SQLiteThreadPlacementTests.thread()
            }
            return (lookup, query)
        }
        try await readers.close()
        try await storagePool.shutdownGracefully()
        try await callerPool.shutdownGracefully()

        #expect(lookupThread == callerThread)
        #expect(queryThread == storageThread)
        #expect(callerThread != storageThread)
    }
}
