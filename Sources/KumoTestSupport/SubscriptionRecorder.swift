package import Foundation
package import NCMB
import NIOConcurrencyHelpers

/// Iterates an SDK subscription and records its events, for tests against a real server: each event as text
/// (`subscribed`, `disconnected`, `create {className=Chat,objectId=…,text=hi}`), its object, and how the stream ended.
///
/// Every wait is bounded (``SubscriptionRecorder/waitLimit``): a test fails with what did arrive, never hangs.
package final class SubscriptionRecorder: Sendable {
    /// The longest a test waits for an event that should come.
    package static let waitLimit: TimeInterval = 30

    /// What a wait reports when the event does not come.
    package struct Timeout: Error, CustomStringConvertible {
        package let description: String
    }

    private struct State: Sendable {
        var events: [String] = []
        var objects: [NCMBBase] = []
        var ending: Result<Void, any Error>?
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let state = NIOLockedValueBox(State())
    /// The iterating task; cancel it to stop listening.
    package let task: Task<Void, Never>

    /// Starts iterating `stream`.
    package init<T: NCMBBase>(_ stream: AsyncThrowingStream<NCMBRealtimeEvent<T>, any Error>) {
        let state = self.state
        task = Task {
            do {
                for try await event in stream {
                    SubscriptionRecorder.update(state) { state in
                        state.events.append(SubscriptionRecorder.summary(event))
                        if let object = event.object { state.objects.append(object) }
                    }
                }
                SubscriptionRecorder.update(state) { $0.ending = .success(()) }
            } catch {
                SubscriptionRecorder.update(state) { $0.ending = .failure(error) }
            }
        }
    }

    /// The events so far.
    package var events: [String] { state.withLockedValue { $0.events } }

    /// The objects of the events so far, in order.
    package var objects: [NCMBBase] { state.withLockedValue { $0.objects } }

    /// The first `count` events, waiting for them.
    ///
    /// - Throws: ``Timeout`` (naming what arrived) when they do not come in time or the stream ends first.
    package func first(_ count: Int) async throws -> [String] {
        try await wait(for: "\(count) events") { $0.events.count >= count }
        return Array(events.prefix(count))
    }

    /// The error the stream ended with (`nil` for an end without error), waiting for the end.
    package func endingError() async throws -> (any Error)? {
        try await wait(for: "the end of the stream", failsAtTheEnd: false) { $0.ending != nil }
        switch state.withLockedValue({ $0.ending }) {
        case .failure(let error): return error
        case .success, nil: return nil
        }
    }

    /// The event summary of ``NCMBRealtimeEvent``.
    package static func summary<T>(_ event: NCMBRealtimeEvent<T>) -> String {
        switch event {
        case .subscribed: "subscribed"
        case .disconnected: "disconnected"
        case .create(let object): "create \(object)"
        case .update(let object): "update \(object)"
        case .delete(let object): "delete \(object)"
        case .enter(let object): "enter \(object)"
        case .leave(let object): "leave \(object)"
        }
    }

    private static func update(_ state: NIOLockedValueBox<State>, _ change: (inout State) -> Void) {
        let waiters = state.withLockedValue { state in
            change(&state)
            defer { state.waiters = [:] }
            return state.waiters
        }
        for waiter in waiters.values { waiter.resume() }
    }

    private func wait(for what: String, failsAtTheEnd: Bool = true, until condition: @escaping @Sendable (State) -> Bool) async throws {
        let started = Date()
        while true {
            let (isMet, ending, events) = state.withLockedValue { (condition($0), $0.ending, $0.events) }
            if isMet { return }
            if let ending, failsAtTheEnd {
                throw Timeout(description: "the stream ended (\(ending)) before \(what); events: \(events)")
            }
            guard Date().timeIntervalSince(started) < SubscriptionRecorder.waitLimit else {
                throw Timeout(description: "waited \(SubscriptionRecorder.waitLimit) s for \(what); events: \(events)")
            }
            let id = state.withLockedValue { state in
                defer { state.nextWaiter += 1 }
                return state.nextWaiter
            }
            let alarm = Task { [state] in
                try? await Task.sleep(nanoseconds: UInt64(SubscriptionRecorder.waitLimit * 1_000_000_000))
                state.withLockedValue { $0.waiters.removeValue(forKey: id) }?.resume()
            }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLockedValue { state in
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
