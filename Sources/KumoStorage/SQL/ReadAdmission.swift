/// Admission of expensive reads (docs/decisions/0067-work-budget.md): at most ``lanes`` run at once, the rest wait in
/// arrival order, and beyond ``maximumWaiting`` waiting reads a new one fails at once with `StorageError.overloaded`.
///
/// Point lookups never pass through it, so however many expensive queries run, a read of one object by its key finds a
/// connection. A waiting read whose task is cancelled (its client went away) leaves the queue and throws
/// `CancellationError`.
package final class ReadAdmission: Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        var waiters: [Waiter] = []
        var nextId: UInt64 = 0
    }

    /// How many reads run at once.
    package let lanes: Int
    /// How many reads may wait.
    package let maximumWaiting: Int
    private let state = LockedValue(State())

    /// Creates a gate of `lanes` lanes (at least one).
    package init(lanes: Int, maximumWaiting: Int) {
        self.lanes = max(1, lanes)
        self.maximumWaiting = max(0, maximumWaiting)
    }

    /// Runs `body` once a lane is free.
    ///
    /// - Throws: `StorageError.overloaded` when too many reads wait already, `CancellationError` when the task is
    ///   cancelled while waiting, or what `body` threw.
    package func admit<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        try await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async throws {
        enum Decision { case run, overloaded, wait(UInt64) }
        let decision = state.withLock { state -> Decision in
            if state.running < lanes, state.waiters.isEmpty {
                state.running += 1
                return .run
            }
            if state.waiters.count >= maximumWaiting { return .overloaded }
            state.nextId += 1
            return .wait(state.nextId)
        }
        let id: UInt64
        switch decision {
        case .run: return
        case .overloaded: throw StorageError.overloaded
        case .wait(let waiterId): id = waiterId
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelledAlready = state.withLock { state -> Bool in
                    if Task.isCancelled { return true }
                    // A lane may have come free between the first look and now.
                    if state.running < lanes, state.waiters.isEmpty {
                        state.running += 1
                        continuation.resume()
                        return false
                    }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    return false
                }
                if cancelledAlready { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let removed = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            removed?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Hands the lane to the longest waiter, or frees it.
    private func release() {
        let next = state.withLock { state -> Waiter? in
            guard !state.waiters.isEmpty else {
                state.running -= 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.continuation.resume()
    }

    /// How many reads run and how many wait, for tests and metrics.
    package var occupancy: (running: Int, waiting: Int) { state.withLock { ($0.running, $0.waiters.count) } }
}
