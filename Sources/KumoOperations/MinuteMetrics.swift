import Foundation

/// The last hours of one process, minute by minute, for the dashboard's Overview (docs/operations.md#the-dashboards-metrics-ring,
/// docs/decisions/0089-always-on-minute-metrics.md): requests, their 4xx and 5xx answers, a latency histogram for the
/// 50th and 99th percentiles, and push deliveries.
///
/// A fixed ring of ``capacity`` one-minute buckets, allocated once (about 0.6 MiB for 24 hours): a bucket is reused when
/// its minute comes round again, so memory never grows. Latencies go into ``LatencyBuckets`` (geometric, 7 % wide),
/// so a percentile is exact to within its bucket. Safe to call from any thread; every call is a few arithmetic steps
/// under one lock.
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
    package let capacity: Int
    private let lock = NSLock()
    private var minutes: [Int64]
    private var counts: [Counts]
    private var latencies: [UInt32]

    private struct Counts {
        var requests = 0
        var errors4xx = 0
        var errors5xx = 0
        var pushDelivered = 0
        var pushFailed = 0
    }

    /// Creates an empty ring of `capacity` minutes (at least 1).
    package init(capacity: Int = defaultCapacity) {
        self.capacity = max(1, capacity)
        minutes = Array(repeating: -1, count: self.capacity)
        counts = Array(repeating: Counts(), count: self.capacity)
        latencies = Array(repeating: 0, count: self.capacity * LatencyBuckets.count)
    }

    /// Counts answered requests of status class `statusClass` (4 for 4xx, 5 for 5xx, anything else for the rest).
    package func countRequest(statusClass: Int, count: Int = 1, at milliseconds: Int64) {
        withBucket(at: milliseconds) { slot in
            counts[slot].requests += count
            if statusClass == 4 { counts[slot].errors4xx += count }
            if statusClass == 5 { counts[slot].errors5xx += count }
        }
    }

    /// Records one request's latency.
    package func recordLatency(nanoseconds: Int64, at milliseconds: Int64) {
        let index = LatencyBuckets.index(nanoseconds: nanoseconds)
        withBucket(at: milliseconds) { slot in latencies[slot * LatencyBuckets.count + index] &+= 1 }
    }

    /// Counts push deliveries: delivered, or failed for good.
    package func countPush(delivered: Bool, count: Int = 1, at milliseconds: Int64) {
        withBucket(at: milliseconds) { slot in
            if delivered { counts[slot].pushDelivered += count } else { counts[slot].pushFailed += count }
        }
    }

    /// The `count` minutes up to and including the one holding `milliseconds`, oldest first; minutes without data (or
    /// older than the ring) are zero.
    package func points(minutes count: Int, endingAt milliseconds: Int64) -> [Point] {
        let last = Self.minute(of: milliseconds)
        let wanted = min(count, capacity)
        guard wanted > 0 else { return [] }
        var points: [Point] = []
        points.reserveCapacity(wanted)
        var histogram = [UInt32](repeating: 0, count: LatencyBuckets.count)
        lock.lock()
        defer { lock.unlock() }
        for minute in (last - Int64(wanted) + 1)...last {
            var point = Point(
                minuteStart: minute * 60_000, requests: 0, errors4xx: 0, errors5xx: 0, p50Milliseconds: nil, p99Milliseconds: nil,
                pushDelivered: 0, pushFailed: 0)
            let slot = Self.slot(of: minute, capacity: capacity)
            if minutes[slot] == minute {
                let bucket = counts[slot]
                (point.requests, point.errors4xx, point.errors5xx) = (bucket.requests, bucket.errors4xx, bucket.errors5xx)
                (point.pushDelivered, point.pushFailed) = (bucket.pushDelivered, bucket.pushFailed)
                for index in 0..<LatencyBuckets.count { histogram[index] = latencies[slot * LatencyBuckets.count + index] }
                point.p50Milliseconds = LatencyBuckets.percentile(0.50, of: histogram)
                point.p99Milliseconds = LatencyBuckets.percentile(0.99, of: histogram)
            }
            points.append(point)
        }
        return points
    }

    /// Runs `body` on the bucket of the minute holding `milliseconds`, emptying it first when it held an older minute.
    /// A sample for a minute older than the bucket's (a wall clock set back) is dropped.
    private func withBucket(at milliseconds: Int64, _ body: (Int) -> Void) {
        let minute = Self.minute(of: milliseconds)
        let slot = Self.slot(of: minute, capacity: capacity)
        lock.lock()
        defer { lock.unlock() }
        if minutes[slot] != minute {
            guard minutes[slot] < minute else { return }
            minutes[slot] = minute
            counts[slot] = Counts()
            let start = slot * LatencyBuckets.count
            latencies.replaceSubrange(start..<(start + LatencyBuckets.count), with: repeatElement(0, count: LatencyBuckets.count))
        }
        body(slot)
    }

    private static func minute(of milliseconds: Int64) -> Int64 {
        milliseconds >= 0 ? milliseconds / 60_000 : (milliseconds - 59_999) / 60_000
    }

    private static func slot(of minute: Int64, capacity: Int) -> Int {
        let remainder = Int(minute % Int64(capacity))
        return remainder < 0 ? remainder + capacity : remainder
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
