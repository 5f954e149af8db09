import Foundation

/// The last hours of one process, minute by minute, for the dashboard's Overview (docs/operations.md#the-dashboards-metrics-ring,
/// docs/decisions/0089-always-on-minute-metrics.md): requests, their 4xx and 5xx answers, a latency histogram for the
/// 50th and 99th percentiles, and push deliveries.
///
/// A fixed ring of ``capacity`` one-minute buckets, allocated once (about 0.6 MiB for 24 hours): a bucket is reused when
/// its minute comes round again, so memory never grows. Latencies go into ``LatencyBuckets`` (geometric, each bound 15 %
/// above the one before), and a percentile is its bucket's geometric middle, within 7.2 % of every latency the bucket
/// holds. Safe to call from any thread; every call is a few arithmetic steps under one lock.
package final class MinuteMetrics: @unchecked Sendable {
    // @unchecked: every stored property below is only touched while `lock` is held.

    /// One minute of numbers.
    package struct Point: Sendable, Hashable {
        /// The minute's start, in milliseconds since 1970.
        package var minuteStart: Int64
        /// Requests answered.
        package var requests: Int
        /// Of those, answered with a 4xx status.
        package var errors4xx: Int
        /// Of those, answered with a 5xx status.
        package var errors5xx: Int
        /// The median latency in milliseconds; `nil` in a minute without recorded latencies.
        package var p50Milliseconds: Double?
        /// The 99th-percentile latency in milliseconds; `nil` in a minute without recorded latencies.
        package var p99Milliseconds: Double?
        /// Push notifications delivered.
        package var pushDelivered: Int
        /// Push notifications that failed for good (including devices gone).
        package var pushFailed: Int
    }

    /// How many minutes the ring keeps by default: 1440 (24 hours).
    package static let defaultCapacity = 24 * 60
    /// How many minutes the ring keeps.
    package var capacity: Int { ring.capacity }
    /// The same series per application, recorded by the server where a request's application is known.
    package let applications: ApplicationMinuteMetrics
    private let lock = NSLock()
    private var ring: MinuteRing

    /// Creates an empty ring of `capacity` minutes (at least 1), with per-application series of the same span for up to
    /// `maximumApplications` applications.
    package init(capacity: Int = defaultCapacity, maximumApplications: Int = ApplicationMinuteMetrics.defaultMaximumApplications) {
        ring = MinuteRing(capacity: capacity)
        applications = ApplicationMinuteMetrics(capacity: capacity, maximumApplications: maximumApplications)
    }

    /// Counts answered requests of status class `statusClass` (4 for 4xx, 5 for 5xx, anything else for the rest).
    package func countRequest(statusClass: Int, count: Int = 1, at milliseconds: Int64) {
        lock.withLock { ring.countRequest(statusClass: statusClass, count: count, at: milliseconds) }
    }

    /// Records one request's latency.
    package func recordLatency(nanoseconds: Int64, at milliseconds: Int64) {
        let index = LatencyBuckets.index(nanoseconds: nanoseconds)
        lock.withLock { ring.recordLatency(index: index, at: milliseconds) }
    }

    /// Counts push deliveries: delivered, or failed for good.
    package func countPush(delivered: Bool, count: Int = 1, at milliseconds: Int64) {
        lock.withLock { ring.countPush(delivered: delivered, count: count, at: milliseconds) }
    }

    /// The `count` minutes up to and including the one holding `milliseconds`, oldest first; minutes without data (or
    /// older than the ring) are zero.
    package func points(minutes count: Int, endingAt milliseconds: Int64) -> [Point] {
        lock.withLock { ring.points(minutes: count, endingAt: milliseconds) }
    }
}

/// The latency histogram's buckets: bucket 0 holds everything up to ``lowest``; bucket `i` ≥ 1 holds
/// (`lowest`·`growth`^(i−1), `lowest`·`growth`^i]; the last one everything above. With 50 µs, 1.15 and 100 buckets they
/// reach about 53 s.
package enum LatencyBuckets {
    /// The upper bound of bucket 0: 50 µs.
    package static let lowest = 50_000.0
    /// The ratio of consecutive bounds.
    package static let growth = 1.15
    /// How many buckets.
    package static let count = 100
    private static let logarithmOfGrowth = log(growth)

    /// The bucket of a latency.
    package static func index(nanoseconds: Int64) -> Int {
        let value = Double(nanoseconds)
        guard value > lowest else { return 0 }
        let index = Int((log(value / lowest) / logarithmOfGrowth).rounded(.up))
        return min(count - 1, max(1, index))
    }

    /// What a bucket stands for, in milliseconds: the geometric middle of its bounds (half the lowest bound for
    /// bucket 0).
    package static func representativeMilliseconds(_ index: Int) -> Double {
        guard index > 0 else { return lowest / 2 / 1_000_000 }
        let upper = lowest * pow(growth, Double(index))
        return upper / growth.squareRoot() / 1_000_000
    }

    /// The `fraction` percentile (0.5, 0.99) of a histogram: the bucket holding the ⌈fraction·n⌉-th smallest latency;
    /// `nil` for an empty histogram.
    package static func percentile(_ fraction: Double, of histogram: [UInt32]) -> Double? {
        let total = histogram.reduce(0) { $0 + Int($1) }
        guard total > 0 else { return nil }
        let rank = max(1, Int((fraction * Double(total)).rounded(.up)))
        var seen = 0
        for (index, count) in histogram.enumerated() {
            seen += Int(count)
            if seen >= rank { return representativeMilliseconds(index) }
        }
        return representativeMilliseconds(histogram.count - 1)
    }
}
