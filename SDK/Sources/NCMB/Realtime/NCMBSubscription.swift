import Dispatch

/// The callback of ``NCMBQuery/subscribeInBackground(keys:callback:)``: called once per event, in order.
///
/// - Note: A Kumo addition. Unlike ``NCMBHandler``, it is called many times: with `.success` for each event, and at most
///   once with `.failure`, which is the last call.
public typealias NCMBSubscriptionHandler<T: NCMBBase> = (NCMBResult<NCMBRealtimeEvent<T>>) -> Void

/// A running subscription of ``NCMBQuery/subscribeInBackground(keys:callback:)``; ``cancel()`` ends it.
///
/// Keep the value for as long as the events are wanted: the subscription runs until it is cancelled or fails, whether
/// the value is kept or not.
///
/// - Note: A Kumo addition; NCMB has no realtime API.
public final class NCMBSubscription: Sendable {
    /// Whether ``cancel()`` was called, and the task that delivers the events.
    private struct State: Sendable {
        var isCancelled = false
        var task: Task<Void, Never>?
    }

    private let state = Locked(State())

    /// Creates a handle for a subscription that has not started.
    init() {}

    /// Ends the subscription and closes its connection.
    ///
    /// Events not delivered yet are dropped: once `cancel()` returns, at most the one callback already being delivered
    /// runs. Calling it again does nothing.
    public func cancel() {
        let task = state.withLock { state in
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Delivers the events of `stream` to `callback`, one at a time on a serial background queue, until the stream
    /// ends or the subscription is cancelled.
    ///
    /// The next event is taken only when the callback returned, so a slow callback leaves the events in the stream's
    /// bounded buffer.
    static func start<T: NCMBBase>(
        _ stream: AsyncThrowingStream<NCMBRealtimeEvent<T>, any Error>, callback: @escaping NCMBSubscriptionHandler<T>
    ) -> NCMBSubscription {
        let subscription = NCMBSubscription()
        let handler = SubscriptionCallbackBox(callback)
        let queue = DispatchQueue(label: "NCMB.subscription")
        let task = Task.detached {
            do {
                for try await event in stream {
                    await subscription.deliver(.success(event), to: handler, on: queue)
                }
            } catch {
                await subscription.deliver(.failure(error), to: handler, on: queue)
            }
        }
        let isCancelled = subscription.state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        if isCancelled { task.cancel() }
        return subscription
    }

    /// Calls the callback with `result` on `queue` unless the subscription was cancelled, and returns when it returned.
    private func deliver<T: NCMBBase>(
        _ result: NCMBResult<NCMBRealtimeEvent<T>>, to handler: SubscriptionCallbackBox<T>, on queue: DispatchQueue
    ) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                if !self.isCancelled { handler.callback(result) }
                continuation.resume()
            }
        }
    }
}

/// Carries a non-Sendable ncmb_swift-style callback across the task boundary.
private final class SubscriptionCallbackBox<T: NCMBBase>: @unchecked Sendable {
    // @unchecked: the closure is stored once and called only on the subscription's serial queue, one call at a time.
    let callback: NCMBSubscriptionHandler<T>

    init(_ callback: @escaping NCMBSubscriptionHandler<T>) { self.callback = callback }
}
