extension NCMBQuery {
    /// Subscribes to changes of the objects the query selects: every create, update and delete the current user may
    /// read, as it happens.
    ///
    /// ```swift
    /// var query = NCMBQuery.getQuery(className: "Chat")
    /// query.where(field: "room", equalTo: "lobby")
    /// for try await event in query.subscribe(keys: ["text", "author"]) {
    ///     if case .create(let message) = event { print(message["text"] ?? "") }
    /// }
    /// ```
    ///
    /// The subscription opens a WebSocket of its own to `/2013-09-01/realtime`, signed like every request (with the
    /// session token of the signed-in user, if any), and sends the query's `where`; `order`, `skip` and `limit` do not
    /// apply. The first event is ``NCMBRealtimeEvent/subscribed`` once the server confirmed. When the connection is
    /// lost, the stream reports ``NCMBRealtimeEvent/disconnected(_:)``, reconnects after a delay that doubles up to a
    /// minute (with jitter), and reports ``NCMBRealtimeEvent/subscribed`` again. Changes made while it was disconnected
    /// are not replayed: query again on `subscribed` to catch up.
    ///
    /// The connection opens at once. Cancelling the iterating task closes it, and so does leaving the loop once
    /// nothing else holds the stream. At most 1,000 events wait for the app; past that the stream ends with
    /// ``NCMBRealtimeError/tooManyUndeliveredEvents``.
    ///
    /// - Parameter keys: The fields the events' objects carry (`objectId`, `createDate`, `updateDate` and `acl` always
    ///   come); `nil` for all.
    /// - Returns: The events. The stream ends with an error the SDK does not retry: an ``NCMBApiError`` from the
    ///   server (an invalid `where`, a class or key the query may not read, bad keys, a session that ended — which also
    ///   signs the user out), an ``NCMBInvalidRequestError`` for a query or keys the SDK rejects before connecting, or
    ///   an ``NCMBRealtimeError``.
    /// - Note: A Kumo addition: NCMB has no realtime API (docs/wire/realtime.md). On Linux, only `http` domain URLs are
    ///   supported (the SDK's own WebSocket client speaks `ws`, not `wss`).
    public func subscribe(keys: [String]? = nil) -> AsyncThrowingStream<NCMBRealtimeEvent<T>, any Error> {
        let driver = RealtimeSubscriptionDriver(query: self, keys: keys)
        let limit = context.realtime.maximumBufferedEvents
        return AsyncThrowingStream(bufferingPolicy: .bufferingOldest(max(1, limit))) { continuation in
            // The producer of the stream: the one unstructured task of a subscription, cancelled when the app stops
            // listening (docs/style.md#concurrency).
            let task = Task { await driver.run(continuation) }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Subscribes to changes of the objects the query selects, reporting them to `callback`; see ``subscribe(keys:)``.
    ///
    /// ```swift
    /// let subscription = query.subscribeInBackground { result in
    ///     switch result {
    ///     case .success(.create(let message)): print(message)
    ///     case .success: break
    ///     case .failure(let error): print(error)   // the subscription has ended
    ///     }
    /// }
    /// // later
    /// subscription.cancel()
    /// ```
    ///
    /// - Parameters:
    ///   - keys: The fields the events' objects carry; `nil` for all.
    ///   - callback: Called on a background queue for each event, one call at a time and in order, and at most once
    ///     with `.failure` when the subscription ends with an error; never on the main queue. The next event is taken
    ///     when the callback returns.
    /// - Returns: The subscription, whose ``NCMBSubscription/cancel()`` ends it.
    /// - Note: A Kumo addition. There is no blocking form: a subscription does not finish.
    @discardableResult
    public func subscribeInBackground(keys: [String]? = nil, callback: @escaping NCMBSubscriptionHandler<T>) -> NCMBSubscription {
        NCMBSubscription.start(subscribe(keys: keys), callback: callback)
    }
}
