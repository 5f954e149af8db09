internal import NCMBWire

extension NCMBQuery {
    /// The query's results, kept current: the cached results first (when there are any), then the server's, then a
    /// new array after every change a realtime subscription reports.
    ///
    /// ```swift
    /// var query = NCMBQuery.getQuery(className: "Chat")
    /// query.where(field: "room", equalTo: "lobby")
    /// for try await messages in query.live() {
    ///     show(messages)            // cached, then fresh, then after each create, update and delete
    /// }
    /// ```
    ///
    /// It subscribes (``subscribe(keys:)``) and queries the server each time the subscription is confirmed: at the
    /// start and after every reconnection, as changes made while disconnected are not reported. A created or entering
    /// object is put first when the query has no ``order`` (the server's newest-first order); with an `order` the query
    /// runs again to place it. An updated object is replaced where it is; a deleted or leaving one removed. Every new
    /// array is also written to the cache as the query's ``find()`` answer, so the next launch starts from it; the cached
    /// start respects ``maxCacheAge`` (``cachePolicy`` is not consulted: `live()` always reads and writes the cache).
    ///
    /// Only the newest array waits for a slow reader. Cancelling the iterating task, or leaving the loop, closes the
    /// subscription. While offline the stream holds the cached results and the subscription keeps reconnecting.
    ///
    /// - Parameter keys: The fields the subscription's objects carry; `nil` for all. Objects that arrive through it
    ///   replace the found ones, so name every field the app shows.
    /// - Returns: The arrays of results. The stream ends with the error of the subscription (see ``subscribe(keys:)``),
    ///   or of a query after a confirmation (a network failure included: iterate `live()` again to resume).
    /// - Note: A Kumo addition (docs/decisions/0138-live-query-results.md).
    public func live(keys: [String]? = nil) -> AsyncThrowingStream<[T], any Error> {
        let query = self
        return AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            // The producer of the results: the one unstructured task of `live()`, cancelled when the app stops listening
            // (docs/style.md#concurrency).
            let task = Task { await query.runLive(keys: keys, continuation) }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Yields the cached results, then follows the subscription until it ends or the task is cancelled.
    private func runLive(keys: [String]?, _ continuation: AsyncThrowingStream<[T], any Error>.Continuation) async {
        do {
            let route = try findRoute()
            let source = LiveQuerySource(self, element: { $0 }, objectId: { $0.objectId })
            var list = source.emptyList
            if let cached = cachedAnswer(of: route, objects) {
                list.elements = cached.value
                continuation.yield(list.elements)
            }
            for try await event in subscribe(keys: keys) {
                let change = try LiveQuerySource.change(of: event, element: { $0 })
                if case .disconnected = change { continue }
                if list.apply(change) {
                    list.elements = try await networkAnswer(of: route, objects).value
                } else {
                    let results = JSONValue.array(list.elements.map { .object($0.state.current.fields) })
                    context.queryCache.write(["results": results], for: QueryCacheKey(route: route, context: context), now: context.now())
                }
                continuation.yield(list.elements)
            }
            continuation.finish()
        } catch {
            continuation.finish(throwing: error)
        }
    }
}
