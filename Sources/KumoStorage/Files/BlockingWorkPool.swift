/// Runs blocking system calls away from the caller's thread, which in the server is an event loop that must never
/// block. The engines provide one (KumoSQLite: NIO's blocking thread pool); storage code stays free of NIO's runtime.
package protocol BlockingWorkPool: Sendable {
    /// Runs `body` on a thread that may block and returns its result.
    ///
    /// - Throws: what `body` threw, or `StorageError.unavailable` when the pool has shut down.
    func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value
}
