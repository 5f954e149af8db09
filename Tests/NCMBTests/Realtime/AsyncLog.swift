import Foundation
import NCMB

/// What a bounded wait reports when the awaited thing did not happen in time: the test fails with this message
/// instead of hanging.
struct WaitTimedOut: Error, CustomStringConvertible {
    let description: String
}

/// The longest any realtime test waits for something that should happen at once: a bound that fails the test, never a
/// means of synchronisation.
let realtimeTestWait: TimeInterval = 10

/// Values that arrive over time (events, sent messages, requests), which a test awaits with a bounded wait.
final class AsyncLog<Element: Sendable>: Sendable {
    private struct State: Sendable {
        var elements: [Element] = []
        var ending: Result<Void, any Error>?
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let state = Locked(State())

    /// The values so far, in order.
    var elements: [Element] { state.withLock { $0.elements } }

    /// Adds a value.
    func append(_ element: Element) {
        let waiters = state.withLock { state in
            state.elements.append(element)
            defer { state.waiters = [:] }
            return state.waiters
        }
        for waiter in waiters.values { waiter.resume() }
    }

    /// Records the end of the source.
    func finish(_ ending: Result<Void, any Error>) {
        let waiters = state.withLock { state in
            state.ending = ending
            defer { state.waiters = [:] }
            return state.waiters
        }
        for waiter in waiters.values { waiter.resume() }
    }

    /// The first `count` values, waiting for them at most ``realtimeTestWait`` seconds.
    ///
    /// - Throws: ``WaitTimedOut`` (with what did arrive) when they do not come, or the source ended before them.
    func first(_ count: Int) async throws -> [Element] {
        try await wait(for: "\(count) values", failsAtTheEnd: true) { $0.elements.count >= count }
        return Array(elements.prefix(count))
    }

    /// The value at `index`, waiting for it at most ``realtimeTestWait`` seconds.
    func element(at index: Int) async throws -> Element {
        try await first(index + 1)[index]
    }

    /// The values once `predicate` holds for them, waiting at most ``realtimeTestWait`` seconds.
    ///
    /// - Throws: ``WaitTimedOut`` naming `what` when it does not hold in time, or the source ended first.
    @discardableResult
    func waitUntil(_ what: String, _ predicate: @escaping @Sendable ([Element]) -> Bool) async throws -> [Element] {
        try await wait(for: what, failsAtTheEnd: true) { predicate($0.elements) }
        return elements
    }

    /// How the source ended, waiting for the end at most ``realtimeTestWait`` seconds.
    func end() async throws -> Result<Void, any Error> {
        try await wait(for: "the end", failsAtTheEnd: false) { $0.ending != nil }
        guard let ending = state.withLock({ $0.ending }) else { throw WaitTimedOut(description: "no ending") }
        return ending
    }

    /// Waits until `condition` holds, at most ``realtimeTestWait`` seconds.
    private func wait(for what: String, failsAtTheEnd: Bool, until condition: @escaping @Sendable (State) -> Bool) async throws {
        let started = Date()
        while true {
            let (isMet, ending, elements) = state.withLock { (condition($0), $0.ending, $0.elements) }
            if isMet { return }
            if let ending, failsAtTheEnd {
                throw WaitTimedOut(description: "the source ended (\(ending)) before \(what); got \(elements)")
            }
            guard Date().timeIntervalSince(started) < realtimeTestWait else {
                throw WaitTimedOut(description: "waited \(realtimeTestWait) s for \(what); got \(elements)")
            }
            let id = state.withLock { state in
                defer { state.nextWaiter += 1 }
                return state.nextWaiter
            }
            let alarm = Task { [state] in
                try? await Task.sleep(nanoseconds: UInt64(realtimeTestWait * 1_000_000_000))
                state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
            }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if condition(state) || state.ending != nil { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            alarm.cancel()
        }
    }
}

/// Values a test hands to the code under test one at a time (messages a fake server sends), which the code awaits.
final class AsyncQueue<Element: Sendable>: Sendable {
    private struct State: Sendable {
        var elements: [Element] = []
        var failure: (any Error)?
        var waiter: CheckedContinuation<Element, any Error>?
    }

    private let state = Locked(State())
    /// One entry each time `next()` found no value and started waiting: the code under test has taken everything.
    let waits = AsyncLog<Int>()

    /// Hands over a value, to the waiting `next()` or the next one.
    func push(_ element: Element) {
        let waiter = state.withLock { state -> CheckedContinuation<Element, any Error>? in
            guard let waiter = state.waiter else {
                state.elements.append(element)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: element)
    }

    /// Makes `next()` throw `error` once the values are taken (at once when `immediately`).
    func fail(_ error: any Error, immediately: Bool = false) {
        let waiter = state.withLock { state -> CheckedContinuation<Element, any Error>? in
            if state.failure == nil { state.failure = error }
            if immediately { state.elements.removeAll() }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(throwing: error)
    }

    /// The next value, waiting for it.
    func next() async throws -> Element {
        try await withCheckedThrowingContinuation { continuation in
            let outcome = state.withLock { state -> Result<Element, any Error>? in
                if !state.elements.isEmpty { return .success(state.elements.removeFirst()) }
                if let failure = state.failure { return .failure(failure) }
                state.waiter = continuation
                return nil
            }
            if let outcome {
                continuation.resume(with: outcome)
            } else {
                waits.append(waits.elements.count + 1)
            }
        }
    }
}
