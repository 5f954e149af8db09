import Foundation
internal import NCMBWire

extension NCMBQuery {
    /// Removes the cached answers of this query (its find, count and first object) for the signed-in session.
    ///
    /// Answers cached for other users, and for other queries, stay. A query the SDK rejects has nothing cached.
    ///
    /// - Note: A Kumo addition.
    public func clearCachedResult() {
        for route in [try? findRoute(), try? countRoute(), try? firstRoute()].compactMap({ $0 }) {
            context.queryCache.remove(QueryCacheKey(route: route, context: context))
        }
    }

    /// Whether the cache holds an answer of ``find()`` for this query and the signed-in session, younger than
    /// ``maxCacheAge``.
    ///
    /// - Note: A Kumo addition.
    public var hasCachedResult: Bool {
        guard let route = try? findRoute() else { return false }
        return freshEntry(QueryCacheKey(route: route, context: context)) != nil
    }

    // MARK: Routes

    /// The request of `find`.
    func findRoute() throws -> APIRoute { try collection.findRoute(className: className, try findParameters()) }

    /// The request of `count`.
    func countRoute() throws -> APIRoute { try collection.findRoute(className: className, try countParameters()) }

    /// The request of `getFirst`: the find with a limit of one.
    func firstRoute() throws -> APIRoute {
        var first = self
        first.limit = 1
        return try first.findRoute()
    }

    // MARK: Policies

    /// The answer of `route` under ``cachePolicy``, read from the server's JSON body by `transform`.
    ///
    /// - Parameter early: Receives the cached answer first under ``NCMBQueryCachePolicy/cacheThenNetwork``; `nil` when
    ///   the caller wants only the final answer.
    /// - Returns: The final answer: the server's, or the cache's where the policy allows it.
    /// - Throws: The request's errors; ``NCMBQueryCacheError/cacheMiss`` for a miss under ``NCMBQueryCachePolicy/cacheOnly``.
    func answer<Value: Sendable>(
        _ route: APIRoute, _ transform: @Sendable (JSONObject) throws -> Value,
        early: (@Sendable (NCMBQueryAnswer<Value>) -> Void)? = nil
    ) async throws -> NCMBQueryAnswer<Value> {
        switch cachePolicy {
        case .networkOnly:
            return NCMBQueryAnswer(value: try transform(try await send(route).contents), source: .network)
        case .cacheOnly:
            guard let cached = cachedAnswer(of: route, transform) else { throw NCMBQueryCacheError.cacheMiss }
            return cached
        case .cacheElseNetwork:
            if let cached = cachedAnswer(of: route, transform) { return cached }
            return try await networkAnswer(of: route, transform)
        case .networkElseCache:
            do {
                return try await networkAnswer(of: route, transform)
            } catch {
                guard Self.mayFallBack(after: error), let cached = cachedAnswer(of: route, transform) else { throw error }
                return cached
            }
        case .cacheThenNetwork:
            if let early, let cached = cachedAnswer(of: route, transform) { early(cached) }
            return try await networkAnswer(of: route, transform)
        }
    }

    /// The answers of `route` as a stream: the cached one first under ``NCMBQueryCachePolicy/cacheThenNetwork``, then
    /// the final one.
    func answers<Value: Sendable>(
        _ route: @escaping @Sendable () throws -> APIRoute, _ transform: @escaping @Sendable (JSONObject) throws -> Value
    ) -> AsyncThrowingStream<NCMBQueryAnswer<Value>, any Error> {
        let query = self
        return AsyncThrowingStream { continuation in
            // The producer of the answers: one request, ended with the stream (docs/style.md#concurrency).
            let task = Task {
                do {
                    let final = try await query.answer(try route(), transform) { continuation.yield($0) }
                    continuation.yield(final)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Sends `route`, reads its answer with `transform` and writes the body to the cache.
    func networkAnswer<Value: Sendable>(
        of route: APIRoute, _ transform: @Sendable (JSONObject) throws -> Value
    ) async throws -> NCMBQueryAnswer<Value> {
        let key = QueryCacheKey(route: route, context: context)
        let contents = try await send(route).contents
        let value = try transform(contents)
        context.queryCache.write(contents, for: key, now: context.now())
        return NCMBQueryAnswer(value: value, source: .network)
    }

    /// The cached answer of `route`, younger than ``maxCacheAge``; `nil` for a miss, and for a body `transform` cannot
    /// read.
    func cachedAnswer<Value: Sendable>(
        of route: APIRoute, _ transform: @Sendable (JSONObject) throws -> Value
    ) -> NCMBQueryAnswer<Value>? {
        guard let entry = freshEntry(QueryCacheKey(route: route, context: context)),
            let value = try? transform(entry.contents)
        else { return nil }
        return NCMBQueryAnswer(value: value, source: .cache(savedAt: entry.savedAt))
    }

    /// The cache entry of `key` unless it is older than ``maxCacheAge`` (or, with a maximum age, saved after now).
    private func freshEntry(_ key: QueryCacheKey) -> QueryCacheEntry? {
        let now = context.now()
        guard let entry = context.queryCache.read(key, now: now) else { return nil }
        // An entry saved "in the future" (the device's clock was set back) has no known age: a miss when age matters.
        if let maxCacheAge, !(0...max(0, maxCacheAge)).contains(now.timeIntervalSince(entry.savedAt)) { return nil }
        return entry
    }

    /// Sends the request of `route`.
    func send(_ route: APIRoute) async throws -> NCMBResponse {
        try await NCMBRequestExecutor(context: context).execute(route)
    }

    /// Whether `error` means no answer came, so ``NCMBQueryCachePolicy/networkElseCache`` may use the cache: a
    /// transport failure, or a status saying the server could not answer (429, 5xx). Errors about the query itself, and
    /// cancellation, are not.
    static func mayFallBack(after error: any Error) -> Bool {
        switch error {
        case is CancellationError, is NCMBInvalidRequestError, is NCMBParseError, is NCMBQueryCacheError: return false
        case let apiError as NCMBApiError:
            return apiError.code.hasPrefix("E5") || apiError.code.hasPrefix("E429") || apiError.code.isEmpty
        default: return true
        }
    }
}

extension NCMB {
    /// Removes every cached query answer of the default client (``NCMBClient/queryCache``), for every user.
    ///
    /// - Note: A Kumo addition.
    public static func clearAllCachedResults() {
        NCMBClient.default.queryCache.removeAll()
    }
}

extension NCMBClient {
    /// Where the queries of this client created from now on cache their answers. Defaults to
    /// ``NCMBQueryCache/standard``, shared by every client (entries are keyed by application and session).
    ///
    /// - Note: A Kumo addition.
    public var queryCache: NCMBQueryCache {
        get { context.queryCache }
        set { update { $0.queryCache = newValue } }
    }
}
