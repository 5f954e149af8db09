package import KumoStorage
package import NIOPosix

/// ``BlockingWorkPool`` on a NIO thread pool (by default NIO's shared blocking pool, which `kumo serve` sizes to its
/// CPUs): where the disk blob store runs its system calls.
package struct NIOBlockingWorkPool: BlockingWorkPool {
    private let threadPool: NIOThreadPool

    /// Runs work on `threadPool`.
    package init(threadPool: NIOThreadPool = .singleton) { self.threadPool = threadPool }

    /// Runs `body` on the pool; an inactive pool makes `runIfActive` throw `CancellationError`, reported here as
    /// `StorageError.unavailable` (so is a cancelled caller, whose answer nobody reads).
    package func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        do {
            return try await threadPool.runIfActive(body)
        } catch is CancellationError {
            throw StorageError.unavailable("The blocking thread pool has shut down.")
        }
    }
}
