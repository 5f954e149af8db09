import KumoStorage
import NIOConcurrencyHelpers

/// The bounded queue of one connection: client messages and feed changes, handled in order by the connection's one
/// processing task (docs/wire/realtime.md#slow-consumers).
///
/// Pushing past the bound fails: the connection is a slow consumer. An urgent item (the slow-consumer error, a
/// timer) is handled next whatever is queued.
final class RealtimeQueue: Sendable {
    /// What a connection handles.
    enum Item: Sendable {
        /// A text message from the client.
        case message(String)
        /// A message the client sent that is not text.
        case binaryMessage
        /// An object change, as matching decided it for the connection's subscriptions.
        case matched(RealtimeMatchedChange)
        /// The connection's session ended (logout, a password change or reset, the one-active-session rule, the user's
        /// deletion).
        case sessionEnded
        /// The feed may have lost changes.
        case interrupted
        /// The authentication deadline passed.
        case authenticationDeadline
        /// The periodic check of the session's expiry.
        case tick
        /// The queue overflowed.
        case slowConsumer
        /// The client closed its side.
        case clientClosed
    }

    private struct State {
        var items: [Item] = []
        var head = 0
        var waiter: CheckedContinuation<Item?, Never>?
        var isFinished = false
    }

    private let state = NIOLockedValueBox(State())
    private let limit: Int

    /// Creates a queue holding at most `limit` items.
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// What became of a pushed item.
    enum Outcome {
        /// Queued.
        case queued
        /// Dropped: the queue is full.
        case full
        /// Dropped: the queue has finished.
        case finished
    }

    /// Queues an item unless the queue is full or finished.
    func push(_ item: Item) -> Outcome {
        let waiter: CheckedContinuation<Item?, Never>?
        let outcome: Outcome
        (waiter, outcome) = state.withLockedValue { state in
            guard !state.isFinished else { return (nil, .finished) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, .queued)
            }
            guard state.items.count - state.head < limit else { return (nil, .full) }
            state.items.append(item)
            return (nil, .queued)
        }
        waiter?.resume(returning: item)
        return outcome
    }

    /// Queues an item ahead of everything queued, whatever the bound; dropping what was queued when `replacing`.
    func pushUrgent(_ item: Item, replacing: Bool = false) {
        let waiter = state.withLockedValue { state -> CheckedContinuation<Item?, Never>? in
            guard !state.isFinished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            if replacing {
                state.items = [item]
                state.head = 0
            } else {
                state.items.insert(item, at: state.head)
            }
            return nil
        }
        waiter?.resume(returning: item)
    }

    /// The next item, waiting for one; `nil` once finished.
    func next() async -> Item? {
        await withCheckedContinuation { continuation in
            let item: Item?? = state.withLockedValue { state in
                if state.head < state.items.count {
                    let item = state.items[state.head]
                    state.head += 1
                    if state.head > 64 && state.head * 2 > state.items.count {
                        state.items.removeFirst(state.head)
                        state.head = 0
                    }
                    return .some(item)
                }
                if state.isFinished { return .some(nil) }
                state.waiter = continuation
                return nil
            }
            if let item { continuation.resume(returning: item) }
        }
    }

    /// Ends the queue: waiting and later ``next()`` calls return `nil`, pushes are refused.
    func finish() {
        let waiter = state.withLockedValue { state -> CheckedContinuation<Item?, Never>? in
            state.isFinished = true
            state.items.removeAll()
            state.head = 0
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }
}
