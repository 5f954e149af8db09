import Dispatch
internal import NCMBWire

extension NCMBQuery {
    /// Finds the first object that matches the query, in its ``order``: a find with a limit of one.
    ///
    /// Uses the cache as ``cachePolicy`` says; the entry is its own (the query with `limit=1`).
    ///
    /// - Returns: The first object; `nil` when none matches.
    /// - Throws: The errors of ``find()``.
    /// - Note: A Kumo addition; ncmb_swift has no `getFirst`.
    public func getFirst() async throws -> T? {
        try await answer(try firstRoute(), objects).value.first
    }

    /// Finds the first object that matches the query, as `try await getFirst()` does.
    ///
    /// - Returns: `.success` with the object or `nil`, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await getFirst()` there) and preferably not from the main thread.
    /// - Note: A Kumo addition.
    @available(*, noasync, message: "Blocks the calling thread; use `try await getFirst()` in async code.")
    public func getFirst() -> NCMBResult<T?> { SynchronousCall.run { try await self.getFirst() } }

    /// Finds the first object that matches the query in the background.
    ///
    /// - Parameter callback: Called once with the object (or `nil`) or the error, on a background queue; twice under
    ///   ``NCMBQueryCachePolicy/cacheThenNetwork`` when an answer is cached.
    /// - Note: A Kumo addition.
    public func getFirstInBackground(callback: @escaping NCMBHandler<T?>) {
        let query = self
        start(
            callback,
            answers: {
                query.answers({ try query.firstRoute() }, { try query.objects(from: $0).first })
            }
        ) { try await query.getFirst() }
    }

    /// Starts a callback call: one answer, or each answer under ``NCMBQueryCachePolicy/cacheThenNetwork``.
    func start<Value: Sendable>(
        _ callback: @escaping NCMBHandler<Value>,
        answers: @escaping @Sendable () -> AsyncThrowingStream<NCMBQueryAnswer<Value>, any Error>,
        single: @escaping @Sendable () async throws -> Value
    ) {
        guard cachePolicy == .cacheThenNetwork else { return BackgroundCall.start(callback, single) }
        let handler = AnswersCallbackBox(callback)
        let queue = DispatchQueue(label: "NCMB.queryAnswers")
        Task.detached {
            do {
                for try await answer in answers() {
                    let result = NCMBResult<Value>.success(answer.value)
                    queue.async { handler.callback(result) }
                }
            } catch {
                queue.async { handler.callback(.failure(error)) }
            }
        }
    }
}

/// Carries a non-Sendable ncmb_swift callback that is called once per answer.
private final class AnswersCallbackBox<Value>: @unchecked Sendable {
    // @unchecked: the closure is stored once and called only on one serial queue, one answer at a time, in order.
    let callback: NCMBHandler<Value>

    init(_ callback: @escaping NCMBHandler<Value>) { self.callback = callback }
}
