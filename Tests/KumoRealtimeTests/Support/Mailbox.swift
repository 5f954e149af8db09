import NIOConcurrencyHelpers

/// Values arriving from another task, taken in order with a bounded wait: a test never waits longer than it says, and
/// a wait that runs out is reported (``next(within:)`` returns `nil`), never a hang.
final class Mailbox<Element: Sendable>: Sendable {
    private struct State {
        var items: [Element] = []
        var waiter: (identifier: Int, continuation: CheckedContinuation<Element?, Never>)?
        var nextIdentifier = 0
        var isClosed = false
    }

    private let state = NIOLockedValueBox(State())

    init() {}

    /// Adds a value, handing it to a waiting taker.
    func put(_ element: Element) {
        let waiter = state.withLockedValue { state -> CheckedContinuation<Element?, Never>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter.continuation
            }
            state.items.append(element)
            return nil
        }
        waiter?.resume(returning: element)
    }

    /// No more values come: a waiting and every later taker gets `nil` once the queued values are taken.
    func close() {
        let waiter = state.withLockedValue { state -> CheckedContinuation<Element?, Never>? in
            state.isClosed = true
            defer { state.waiter = nil }
            return state.waiter?.continuation
        }
        waiter?.resume(returning: nil)
    }

    /// The next value, or `nil` when none arrived within `timeout` or the mailbox is closed and empty.
    func next(within timeout: Duration) async -> Element? {
        let identifier = state.withLockedValue { state in
            defer { state.nextIdentifier += 1 }
            return state.nextIdentifier
        }
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            self?.expire(identifier)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            let immediate: Element?? = state.withLockedValue { state in
                if !state.items.isEmpty { return .some(state.items.removeFirst()) }
                if state.isClosed { return .some(nil) }
                state.waiter = (identifier, continuation)
                return nil
            }
            if let immediate { continuation.resume(returning: immediate) }
        }
    }

    private func expire(_ identifier: Int) {
        let waiter = state.withLockedValue { state -> CheckedContinuation<Element?, Never>? in
            guard let waiter = state.waiter, waiter.identifier == identifier else { return nil }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: nil)
    }
}
