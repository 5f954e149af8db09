package import Foundation
package import NIOPosix

/// Where the blocking file work of import jobs and exports runs: NIO's blocking pool, never a cooperative thread of
/// Swift concurrency or an event loop (docs/architecture.md#threads). Exports are written and read and export folders
/// removed here, and the import jobs' staging folder is worked here too: upload files created, written chunk by chunk,
/// moved into place, and staging folders and reports removed (only emptying the folder at start, before anything is
/// served, runs where ``ImportJobs`` is created).
package struct FileWork: Sendable {
    private let threadPool: NIOThreadPool

    /// Runs the work on `threadPool` (NIO's shared blocking pool unless a test gives its own).
    package init(threadPool: NIOThreadPool = .singleton) {
        self.threadPool = threadPool
    }

    /// Runs `body` on the pool and returns its result.
    ///
    /// - Throws: what `body` threw; `CancellationError` when the calling task was cancelled before it ran or the pool
    ///   has shut down.
    package func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await threadPool.runIfActive(body)
    }

    /// Removes files and folders on the pool and waits for it, even when the calling task is cancelled (the clean-up
    /// after a client that left); a pool that has shut down removes nothing, and the next start empties the work
    /// folder instead.
    package func remove(_ items: [URL]) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            startRemoving(items) { continuation.resume() }
        }
    }

    /// Starts removing files and folders on the pool without waiting (the clean-up of a `deinit`), then calls `then`
    /// on the pool's thread.
    package func startRemoving(_ items: [URL], then: @escaping @Sendable () -> Void) {
        threadPool.submit { state in
            if state == .active {
                for item in items where FileManager.default.fileExists(atPath: item.path) {
                    try? FileManager.default.removeItem(at: item)
                }
            }
            then()
        }
    }
}
