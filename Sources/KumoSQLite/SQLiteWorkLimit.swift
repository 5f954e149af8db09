import NIOConcurrencyHelpers
import VaporCSQLite

/// The time limit and the cancellation of the read a reader connection runs (docs/decisions/0067-work-budget.md).
///
/// The reader pool starts it before a read and ends it after. The bundled SQLite is built without progress callbacks,
/// so the pool's watchdog asks every limit ``checkDeadline()`` a few times a second and a cancelled task calls
/// ``cancel(_:)``: either calls `sqlite3_interrupt`, which stops the running statement with `SQLITE_INTERRUPT`. The
/// `regexp` function asks ``isStopped`` while a pattern matches, because one match can run for seconds inside one step.
/// A read started without a time limit only stops when cancelled.
final class SQLiteWorkLimit: @unchecked Sendable {
    // Unchecked: `database` is only passed to `sqlite3_interrupt` (safe from any thread) while `state` says a read
    // runs, under the lock that `close()` takes before the connection closes.

    /// Why a read was stopped.
    enum Stop: Sendable {
        case deadline
        case cancelled
    }

    private struct State {
        var generation: UInt64 = 0
        var isRunning = false
        /// When the read must stop; `nil` for never.
        var deadline: ContinuousClock.Instant?
        var stop: Stop?
        var isClosed = false
    }

    private let database: OpaquePointer
    private let state = NIOLockedValueBox(State())

    /// Creates the limit of one open connection.
    init(database: OpaquePointer) {
        self.database = database
    }

    /// Starts a read limited to `timeLimit` (none when `nil`) and returns its generation, for ``cancel(_:)``.
    func begin(timeLimit: Duration?) -> UInt64 {
        let deadline = timeLimit.map { ContinuousClock.now + $0 }
        return state.withLockedValue { state in
            state.generation &+= 1
            state.isRunning = true
            state.deadline = deadline
            state.stop = nil
            return state.generation
        }
    }

    /// Ends the read; returns why it was stopped, if it was.
    @discardableResult
    func end() -> Stop? {
        state.withLockedValue { state in
            state.isRunning = false
            state.deadline = nil
            defer { state.stop = nil }
            return state.stop
        }
    }

    /// Stops the read of `generation` if it still runs (its task was cancelled: the client went away).
    func cancel(_ generation: UInt64) {
        state.withLockedValue { state in
            guard state.isRunning, !state.isClosed, state.generation == generation, state.stop == nil else { return }
            state.stop = .cancelled
            sqlite_nio_sqlite3_interrupt(database)
        }
    }

    /// Stops the running read if its deadline has passed, and interrupts a stopped read again: an interrupt that arrives
    /// before a statement starts has no effect on it.
    func checkDeadline() {
        let now = ContinuousClock.now
        state.withLockedValue { state in
            guard state.isRunning, !state.isClosed else { return }
            if state.stop == nil {
                guard let deadline = state.deadline, now >= deadline else { return }
                state.stop = .deadline
            }
            sqlite_nio_sqlite3_interrupt(database)
        }
    }

    /// Whether the running read was stopped; the `regexp` function gives up matching then.
    var isStopped: Bool { state.withLockedValue { $0.stop != nil } }

    /// Called before the connection closes: no interrupt reaches it afterwards.
    func close() {
        state.withLockedValue { $0.isClosed = true }
    }
}
