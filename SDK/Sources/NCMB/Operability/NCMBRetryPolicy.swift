public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// When the SDK sends a read again after a failure that may pass: how many attempts, and how long it waits between
/// them.
///
/// Only reads (`GET`: fetch, find, count, file download) are retried; a write whose answer was lost may have been applied,
/// so it is never sent twice. A read is retried after a network failure (a `URLError` such as `.timedOut`,
/// `.networkConnectionLost` or `.cannotConnectToHost`) and after the statuses 429, 500, 502, 503 and 504; any other
/// answer, and a cancelled task, ends it at once. The wait before retry `n` is drawn from the upper half of
/// `initialDelay × multiplier^(n-1)`, at most `maximumDelay`, so clients that failed together do not retry together.
///
/// ```swift
/// NCMBClient(configuration: .init(applicationKey: key, clientKey: secret, retryPolicy: .standard))
/// ```
///
/// - Note: A Kumo addition; ncmb_swift sends each request once, as ``none`` does (the default, so the SDK behaves as
///   ncmb_swift unless told otherwise).
public struct NCMBRetryPolicy: Sendable, Equatable {
    /// The most times a read is sent, the first included; 1 means never retried. Values below 1 count as 1.
    public var maximumAttempts: Int
    /// The ceiling of the first wait, in seconds.
    public var initialDelay: TimeInterval
    /// How much the ceiling grows after each failed attempt.
    public var multiplier: Double
    /// The largest ceiling of a wait, in seconds.
    public var maximumDelay: TimeInterval

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - maximumAttempts: The most times a read is sent. Defaults to 3.
    ///   - initialDelay: The ceiling of the first wait, in seconds. Defaults to 0.5.
    ///   - multiplier: How much the ceiling grows after each failure. Defaults to 2.
    ///   - maximumDelay: The largest ceiling, in seconds. Defaults to 8.
    public init(maximumAttempts: Int = 3, initialDelay: TimeInterval = 0.5, multiplier: Double = 2, maximumDelay: TimeInterval = 8) {
        self.maximumAttempts = maximumAttempts
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
    }

    /// Never retries: every request is sent once, as in ncmb_swift. The default.
    public static let none = NCMBRetryPolicy(maximumAttempts: 1)

    /// Up to 3 attempts, waiting about 0.5 then 1 second.
    public static let standard = NCMBRetryPolicy()

    /// The statuses after which a read is sent again: too many requests, and the server or a proxy failing.
    static let retriedStatuses: Set<Int> = [429, 500, 502, 503, 504]

    /// The network failures after which a read is sent again.
    static let retriedNetworkErrors: Set<URLError.Code> = [
        .timedOut, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
        .badServerResponse,
    ]

    /// Whether the failure `error` may pass: a network failure of ``retriedNetworkErrors``.
    static func isTransient(_ error: any Error) -> Bool {
        guard let urlError = error as? URLError else { return false }
        return retriedNetworkErrors.contains(urlError.code)
    }

    /// The wait before the next attempt, in seconds.
    ///
    /// - Parameters:
    ///   - failures: The attempts that failed so far, at least 1.
    ///   - random: A number in `0..<1`, the jitter.
    func delay(afterFailures failures: Int, random: Double) -> TimeInterval {
        RealtimeBackoff(initialDelay: initialDelay, multiplier: multiplier, maximumDelay: maximumDelay)
            .delay(afterFailures: failures - 1, random: random)
    }
}
