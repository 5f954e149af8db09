public import Foundation

/// Where ``NCMBQuery/find()``, ``NCMBQuery/count()`` and ``NCMBQuery/getFirst()`` take their answer from: the server,
/// the on-disk ``NCMBQueryCache``, or both.
///
/// ```swift
/// var query = NCMBQuery.getQuery(className: "GameScore")
/// query.cachePolicy = .networkElseCache
/// query.maxCacheAge = 24 * 60 * 60          // a day
/// let scores = try await query.find()        // the server's answer, or the cached one when the network fails
/// ```
///
/// Every policy but ``networkOnly`` writes each answer the server gives to the cache. A cached answer older than
/// ``NCMBQuery/maxCacheAge`` is not used (a miss).
///
/// - Note: A Kumo addition (docs/decisions/0137-query-cache-on-disk.md); ncmb_swift has no cache.
public enum NCMBQueryCachePolicy: Sendable, Equatable, CaseIterable {
    /// The server only; nothing is read from or written to the cache. The default: a query behaves as in ncmb_swift.
    case networkOnly
    /// The cache only; no request is sent. A miss fails with ``NCMBQueryCacheError/cacheMiss``.
    case cacheOnly
    /// The server; when no answer comes (a network failure, or a 429 or 5xx status) the cached answer, if there is
    /// one. An error the server gives for the query itself (a 4xx such as an ACL refusal or an ended session) is thrown,
    /// never hidden by the cache.
    case networkElseCache
    /// The cached answer when there is one; the server otherwise.
    case cacheElseNetwork
    /// Two answers: the cached one at once (when there is one), then the server's. The `…InBackground` callbacks are
    /// called twice, and ``NCMBQuery/findAnswers()`` and ``NCMBQuery/countAnswers()`` yield both; the single-answer
    /// `async` and blocking forms return the server's answer (and write it to the cache).
    case cacheThenNetwork
}

/// One answer of a query, with where it came from.
///
/// - Note: A Kumo addition.
public struct NCMBQueryAnswer<Value: Sendable>: Sendable {
    /// Where an answer came from.
    public enum Source: Sendable, Equatable {
        /// The on-disk cache; the answer was saved at `savedAt` (the client's clock).
        case cache(savedAt: Date)
        /// The server, now.
        case network
    }

    /// The objects, the count or the first object.
    public let value: Value
    /// Where the answer came from.
    public let source: Source

    /// Whether the answer came from the cache.
    public var isFromCache: Bool { source != .network }

    /// Creates an answer.
    init(value: Value, source: Source) {
        self.value = value
        self.source = source
    }
}

/// Why a query that reads the cache has no answer.
///
/// - Note: A Kumo addition.
public enum NCMBQueryCacheError: Error, Equatable, Sendable {
    /// ``NCMBQueryCachePolicy/cacheOnly`` found no cached answer for the query, the application and the signed-in
    /// session, or only one older than ``NCMBQuery/maxCacheAge``.
    case cacheMiss
}
