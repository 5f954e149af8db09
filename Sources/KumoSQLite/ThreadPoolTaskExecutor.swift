package import NIOPosix

/// A task executor that runs every job on the storage's NIO thread pool, where SQLite calls may block.
///
/// ``SQLiteConnection/run(_:)`` prefers it for the work of a transaction: the task hops to a pool thread once, runs its
/// statements there without suspending, and hops back when the transaction is done — two thread switches per
/// transaction, as with `NIOThreadPool.runIfActive`, while the work itself can be the shared stores' async code.
package final class ThreadPoolTaskExecutor: TaskExecutor {
    /// The pool that runs the jobs.
    let threadPool: NIOThreadPool

    /// Creates an executor for a started pool.
    package init(threadPool: NIOThreadPool) { self.threadPool = threadPool }

    /// Runs `job` on a pool thread.
    ///
    /// A pool that has shut down (the storage closes every connection before it stops the pool, so no transaction
    /// should still come) cannot run it; the job then goes to Swift's global executor rather than being dropped, which
    /// would leave its task waiting forever: it fails there on the closed connection.
    package func enqueue(_ job: consuming ExecutorJob) {
        let unownedJob = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        threadPool.submit { state in
            switch state {
            case .active: unownedJob.runSynchronously(on: executor)
            case .cancelled: globalConcurrentExecutor.enqueue(ExecutorJob(unownedJob))
            }
        }
    }
}
