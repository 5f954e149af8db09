package import HummingbirdCore
package import Logging
package import NIOCore

/// A task executor that runs every job on one NIO event loop.
///
/// Kumo serves each HTTP connection with this executor preferred for the connection's own event loop
/// (``EventLoopBoundChildChannel``), so a request's async code runs on the thread that reads and writes its socket
/// instead of hopping to Swift's cooperative pool and back for every request (two thread switches saved per request:
/// measured with `kumo bench`, see README, Performance). Like any code on an event loop, that code must never block:
/// storage, password hashing, mail and file I/O run on their own thread pools.
package final class EventLoopTaskExecutor: TaskExecutor {
    /// The loop that runs the jobs.
    package let eventLoop: any EventLoop

    /// Creates an executor for `eventLoop`.
    package init(eventLoop: any EventLoop) { self.eventLoop = eventLoop }

    /// Runs `job` on the event loop (in the current loop iteration when called on it).
    package func enqueue(_ job: consuming ExecutorJob) {
        let unownedJob = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        eventLoop.execute { unownedJob.runSynchronously(on: executor) }
    }
}

/// A Hummingbird child channel whose connection task runs on the connection's event loop (see ``EventLoopTaskExecutor``).
///
/// The preference is inherited by the tasks the connection starts in structured concurrency (task groups, `async let`);
/// work that must run elsewhere says so with its own executor or thread pool.
package struct EventLoopBoundChildChannel<Base: ServerChildChannel>: ServerChildChannel {
    package typealias Value = Base.Value

    private let base: Base
    private let connectionLimit: ConnectionLimit?

    /// Wraps `base`; with `connectionLimit`, connections past its maximum are closed as soon as they are accepted.
    package init(_ base: Base, connectionLimit: ConnectionLimit? = nil) {
        self.base = base
        self.connectionLimit = connectionLimit
    }

    /// Sets the channel up exactly like `base`, after counting it against the connection limit.
    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let setUp = base.setup(channel: channel, logger: logger)
        guard let connectionLimit, !connectionLimit.admit(channel) else { return setUp }
        // Closed once set up, so that Hummingbird's handling sees a finished connection and returns at once.
        return setUp.map { value in
            channel.close(promise: nil)
            return value
        }
    }

    /// Handles the connection like `base`, with the channel's event loop as the preferred task executor.
    package func handle(value: Value, logger: Logger) async {
        await withTaskExecutorPreference(EventLoopTaskExecutor(eventLoop: value.channel.eventLoop)) {
            await base.handle(value: value, logger: logger)
        }
    }
}
