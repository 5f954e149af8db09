import KumoStorage
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Runs storage work with a deadline that holds whatever the work is waiting for.
///
/// A task group would wait for a cancelled child, and a statement that the driver does not abandon on cancellation
/// could then hold the request past its deadline. Here the caller resumes as soon as either the work or the timer
/// finishes; the loser is cancelled and ends on its own (a lease gives up at once; a statement ends at the server's
/// `statement_timeout` or when its connection drops). This is the one place in the engine that starts unstructured tasks; the timer is a scheduled task on an event loop.
enum PostgresDeadline {
    /// The work's result, or `StorageError.unavailable` once `timeout` has passed; `CancellationError` when the caller
    /// is cancelled first.
    static func run<Value: Sendable>(within timeout: Duration, _ work: @escaping @Sendable () async throws -> Value) async throws
        -> Value
    {
        let race = Race<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.begin(continuation)
                let worker = Task {
                    do {
                        race.finish(.success(try await work()))
                    } catch {
                        race.finish(.failure(error))
                    }
                }
                // The timer is an event-loop timer rather than a sleeping task: one task fewer per call.
                let timer = NIOSingletons.posixEventLoopGroup.any().scheduleTask(in: TimeAmount(timeout)) {
                    race.finish(.failure(StorageError.unavailable("PostgreSQL did not answer within \(timeout).")))
                }
                race.track([worker], timer: timer)
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// Who resumes the caller: the first `finish` wins, later ones are ignored.
    private final class Race<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Value, any Error>?
            var isFinished = false
            var tasks: [Task<Void, Never>] = []
            var timer: Scheduled<Void>?
        }

        private let state = NIOLockedValueBox(State())

        func begin(_ continuation: CheckedContinuation<Value, any Error>) {
            let isFinished = state.withLockedValue { state in
                state.continuation = continuation
                return state.isFinished
            }
            // Cancelled before the continuation existed.
            if isFinished { finish(.failure(CancellationError()), force: true) }
        }

        func track(_ tasks: [Task<Void, Never>], timer: Scheduled<Void>) {
            let isFinished = state.withLockedValue { state in
                state.tasks = tasks
                state.timer = timer
                return state.isFinished
            }
            if isFinished {
                for task in tasks { task.cancel() }
                timer.cancel()
            }
        }

        func finish(_ result: Result<Value, any Error>, force: Bool = false) {
            let (continuation, tasks, timer) = state.withLockedValue {
                state -> (CheckedContinuation<Value, any Error>?, [Task<Void, Never>], Scheduled<Void>?) in
                guard !state.isFinished || force else { return (nil, [], nil) }
                state.isFinished = true
                let continuation = state.continuation
                state.continuation = nil
                return (continuation, state.tasks, state.timer)
            }
            for task in tasks { task.cancel() }
            timer?.cancel()
            continuation?.resume(with: result)
        }
    }
}
