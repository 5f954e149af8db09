import NIOConcurrencyHelpers
package import KumoSeams
import NCMBWire

/// Token buckets by key (a client address, an application): each key may send ``Rate/perSecond`` requests a second on
/// average and ``Rate/burst`` at once (docs/decisions/0068-rate-limits.md).
///
/// The buckets live in this process: several instances on one PostgreSQL database limit each on its own. The table is
/// bounded: past ``maximumKeys`` keys, full buckets (keys quiet long enough to have refilled) are dropped, and if that
/// is not enough the table starts over, which errs towards letting requests through.
package final class RateLimiter: Sendable {
    /// A rate: the average and the burst.
    package struct Rate: Sendable, Hashable {
        /// Requests a second, on average.
        package var perSecond: Double
        /// Requests at once after a quiet period (the bucket's size).
        package var burst: Double

        /// Creates a rate; a burst below one request is raised to one.
        package init(perSecond: Double, burst: Double) {
            self.perSecond = perSecond
            self.burst = max(1, burst)
        }
    }

    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    /// The most keys tracked before full buckets are dropped.
    package static let maximumKeys = 100_000

    /// The rate of every key.
    package let rate: Rate
    private let buckets = NIOLockedValueBox<[String: Bucket]>([:])

    /// Creates a limiter.
    package init(rate: Rate) {
        self.rate = rate
    }

    /// Takes one request from `key`'s bucket.
    ///
    /// - Returns: `nil` when the request may go on; otherwise the whole seconds until the bucket holds a request again
    ///   (at least 1), for `Retry-After`.
    package func take(_ key: String, now: ContinuousClock.Instant = .now) -> Int? {
        let rate = rate
        return buckets.withLockedValue { buckets -> Int? in
            if buckets.count >= RateLimiter.maximumKeys, buckets[key] == nil { RateLimiter.prune(&buckets, rate: rate, now: now) }
            var bucket = buckets[key] ?? Bucket(tokens: rate.burst, updated: now)
            let elapsed = now - bucket.updated
            let seconds = elapsed.fractionalSeconds
            bucket.tokens = min(rate.burst, bucket.tokens + max(0, seconds) * rate.perSecond)
            bucket.updated = now
            defer { buckets[key] = bucket }
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                return nil
            }
            guard rate.perSecond > 0 else { return 3600 }
            return max(1, Int(((1 - bucket.tokens) / rate.perSecond).rounded(.up)))
        }
    }

    /// Drops the buckets that have refilled by now; starts over when every bucket is still in use.
    private static func prune(_ buckets: inout [String: Bucket], rate: Rate, now: ContinuousClock.Instant) {
        buckets = buckets.filter { _, bucket in
            let elapsed = now - bucket.updated
            let seconds = elapsed.fractionalSeconds
            return bucket.tokens + seconds * rate.perSecond < rate.burst
        }
        if buckets.count >= maximumKeys { buckets.removeAll(keepingCapacity: true) }
    }
}

/// The rate limits of one server: per client address and per application (either may be off).
package struct RateLimits: Sendable {
    /// Per client address (the connection's peer), or `nil` for none.
    package let perAddress: RateLimiter?
    /// Per application, or `nil` for none.
    package let perApplication: RateLimiter?

    /// Creates the limiters of a configuration.
    package init(configuration: KumoConfiguration) {
        perAddress = configuration.rateLimitPerAddress.map(RateLimiter.init(rate:))
        perApplication = configuration.rateLimitPerApplication.map(RateLimiter.init(rate:))
    }
}

extension KumoError {
    /// 429 `{"code":"E429002","error":"Too many requests."}` with `Retry-After` (docs/decisions/0068-rate-limits.md).
    package static func tooManyRequests(retryAfter seconds: Int) -> KumoError {
        var error = KumoError(.tooManyRequests)
        error.retryAfterSeconds = seconds
        return error
    }
}
