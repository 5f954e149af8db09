import Foundation
internal import NCMBWire

/// Runs one subscription of ``NCMBQuery/subscribe(keys:)`` on a connection of its own: connects, subscribes, turns the
/// server's messages into events, and reconnects with backoff when the connection is lost
/// (docs/decisions/0096-realtime-subscriptions-in-the-sdk.md, docs/wire/realtime.md).
struct RealtimeSubscriptionDriver<T: NCMBBase>: Sendable {
    /// Where the events go.
    typealias Continuation = AsyncThrowingStream<NCMBRealtimeEvent<T>, any Error>.Continuation

    /// How one connection ended.
    enum Outcome: Sendable {
        /// The app stopped listening or cancelled the task.
        case cancelled
        /// The subscription cannot go on: the stream ends with this error.
        case finished(any Error)
        /// The connection was lost; the driver reconnects. `wasSubscribed` says whether the server had confirmed the
        /// subscription on it.
        case lost(any Error, wasSubscribed: Bool)
    }

    /// The `requestId` of the one subscription each connection carries.
    static var requestId: Int { 1 }

    /// Keys, URL, session and the realtime dependencies.
    let context: NCMBContext
    /// The class name events' objects are created with (`user` for users).
    let className: String
    /// The collection events' objects belong to.
    let collection: NCMBCollection
    /// The subscribe message, or why the query cannot be subscribed to.
    let subscribeMessage: Result<RealtimeClientMessage, any Error>

    /// The realtime dependencies of the context.
    var dependencies: RealtimeDependencies { context.realtime }

    /// Runs until the subscription ends, then finishes `continuation`: without error when the app stopped listening,
    /// with the error otherwise.
    func run(_ continuation: Continuation) async {
        let message: RealtimeClientMessage
        switch subscribeMessage {
        case .success(let subscribe): message = subscribe
        case .failure(let error):
            continuation.finish(throwing: error)
            return
        }
        var failures = 0
        while true {
            switch await connection(subscribing: message, continuation) {
            case .cancelled:
                continuation.finish()
                return
            case .finished(let error):
                continuation.finish(throwing: error)
                return
            case .lost(let error, let wasSubscribed):
                guard wasSubscribed else { break }
                failures = 0
                if let end = deliver(.disconnected(error), to: continuation) { return finish(continuation, end) }
            }
            let delay = dependencies.backoff.delay(afterFailures: failures, random: dependencies.random())
            failures += 1
            do {
                try await dependencies.sleep(delay)
                try Task.checkCancellation()
            } catch {
                continuation.finish()
                return
            }
        }
    }

    /// Finishes the stream as `outcome` says.
    private func finish(_ continuation: Continuation, _ outcome: Outcome) {
        if case .finished(let error) = outcome { continuation.finish(throwing: error) } else { continuation.finish() }
    }

    /// Opens one connection, subscribes and reports events until the connection ends; a keep-alive task beside it
    /// pings the server and closes the connection when a pong does not come.
    private func connection(subscribing message: RealtimeClientMessage, _ continuation: Continuation) async -> Outcome {
        let request: WebSocketRequest
        do {
            request = try webSocketRequest()
        } catch {
            return .finished(error)
        }
        let sessionToken = request.headers[NCMBHeaderName.sessionToken]
        let connection: any WebSocketConnection
        do {
            connection = try await dependencies.connector.connect(request)
        } catch {
            return outcome(of: error, wasSubscribed: false, sessionToken: sessionToken)
        }
        defer { connection.close() }
        if Task.isCancelled { return .cancelled }
        let isSubscribed = Locked(false)
        let keepAliveFailure = Locked<(any Error)?>(nil)
        return await withTaskCancellationHandler {
            await withTaskGroup(of: Outcome?.self) { group in
                group.addTask {
                    await exchange(
                        on: connection, message: message, continuation, isSubscribed: isSubscribed, sessionToken: sessionToken)
                }
                if let interval = dependencies.pingInterval {
                    group.addTask { await keepAlive(connection, every: interval, failure: keepAliveFailure) }
                }
                var first: Outcome?
                for await result in group {
                    guard let result else { continue }
                    first = result
                    break
                }
                connection.close()
                group.cancelAll()
                // A missing pong closes the connection, which the exchange may report first: the pong is the reason.
                if case .lost(_, let wasSubscribed) = first, let failure = keepAliveFailure.current {
                    return .lost(failure, wasSubscribed: wasSubscribed)
                }
                return first ?? .cancelled
            }
        } onCancel: {
            connection.close()
        }
    }

    /// Sends the subscription and reports what the server sends until the connection ends.
    private func exchange(
        on connection: any WebSocketConnection, message: RealtimeClientMessage, _ continuation: Continuation,
        isSubscribed: Locked<Bool>, sessionToken: String?
    ) async -> Outcome {
        do {
            try await connection.send(text: message.text)
            while true {
                // Messages the SDK cannot read are skipped (docs/decisions/0096-realtime-subscriptions-in-the-sdk.md).
                guard let received = RealtimeServerMessage(text: try await connection.receive()) else { continue }
                switch received {
                case .subscribed(let requestId) where requestId == Self.requestId:
                    isSubscribed.withLock { $0 = true }
                    if let end = deliver(.subscribed, to: continuation) { return end }
                case .event(let kind, let requestId, let object) where requestId == Self.requestId:
                    if let end = deliver(event(kind, object), to: continuation) { return end }
                case .error(let requestId, let code, let text) where requestId == nil || requestId == Self.requestId:
                    let error = NCMBApiError(code: code, message: text)
                    if RealtimeSubscriptionDriver.isTransient(code: code, ofSubscription: requestId != nil) {
                        return .lost(error, wasSubscribed: isSubscribed.current)
                    }
                    signOutIfTheSessionEnded(error, sessionToken: sessionToken)
                    return .finished(error)
                default:
                    continue
                }
            }
        } catch {
            return outcome(of: error, wasSubscribed: isSubscribed.current, sessionToken: sessionToken)
        }
    }

    /// Pings every `interval` seconds; when a pong does not come within the pong timeout, records it in `failure` and
    /// closes the connection, which ends the exchange. Always returns `nil`: the exchange reports how the connection
    /// ended.
    private func keepAlive(_ connection: any WebSocketConnection, every interval: TimeInterval, failure: Locked<(any Error)?>)
        async -> Outcome?
    {
        let dependencies = self.dependencies
        while true {
            do {
                try await dependencies.sleep(interval)
                try Task.checkCancellation()
            } catch {
                return nil
            }
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await connection.ping() }
                    group.addTask {
                        try await dependencies.sleep(dependencies.pongTimeout)
                        throw WebSocketError.timedOut
                    }
                    do {
                        _ = try await group.next()
                    } catch {
                        if !Task.isCancelled, error as? WebSocketError == .timedOut { failure.withLock { $0 = error } }
                        // Closing also ends a ping that cannot be cancelled (URLSession's), which the group awaits
                        // before it returns.
                        connection.close()
                        throw error
                    }
                    group.cancelAll()
                }
            } catch {
                return nil
            }
        }
    }

    /// The event of a message, with its object typed as the query's objects.
    private func event(_ kind: RealtimeEventKind, _ fields: JSONObject) -> NCMBRealtimeEvent<T> {
        let object = T(className: className, collection: collection, fields: fields, context: context)
        switch kind {
        case .create: return .create(object)
        case .update: return .update(object)
        case .delete: return .delete(object)
        case .enter: return .enter(object)
        case .leave: return .leave(object)
        }
    }

    /// Hands `event` to the app; returns how the subscription ends when it cannot take it.
    private func deliver(_ event: NCMBRealtimeEvent<T>, to continuation: Continuation) -> Outcome? {
        switch continuation.yield(event) {
        case .enqueued: return nil
        case .dropped: return .finished(NCMBRealtimeError.tooManyUndeliveredEvents)
        case .terminated: return .cancelled
        @unknown default: return .cancelled
        }
    }
}
