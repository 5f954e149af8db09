/// The storage of a minute-metrics ring: ``capacity`` one-minute buckets of counts and a latency histogram, allocated
/// once and reused when a bucket's minute comes round again. Not thread-safe: ``MinuteMetrics`` and
/// ``ApplicationMinuteMetrics`` use it under their lock.
struct MinuteRing {
    /// How many minutes it keeps.
    let capacity: Int
    private var minutes: [Int64]
    private var counts: [Counts]
    private var latencies: [UInt32]
    /// The newest minute it holds data of; -1 when none.
    private(set) var newestMinute: Int64 = -1

    private struct Counts {
        var requests = 0
        var errors4xx = 0
        var errors5xx = 0
        var pushDelivered = 0
        var pushFailed = 0
    }

    /// An empty ring of `capacity` minutes (at least 1).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        minutes = Array(repeating: -1, count: self.capacity)
        counts = Array(repeating: Counts(), count: self.capacity)
        latencies = Array(repeating: 0, count: self.capacity * LatencyBuckets.count)
    }

    /// Empties every bucket, keeping the memory.
    mutating func clear() {
        for slot in 0..<capacity { minutes[slot] = -1 }
        newestMinute = -1
    }

    /// Counts answered requests of status class `statusClass` (4 for 4xx, 5 for 5xx, anything else for the rest).
    mutating func countRequest(statusClass: Int, count: Int, at milliseconds: Int64) {
        guard let slot = bucket(at: milliseconds) else { return }
        counts[slot].requests += count
        if statusClass == 4 { counts[slot].errors4xx += count }
        if statusClass == 5 { counts[slot].errors5xx += count }
    }

    /// Records one latency of histogram bucket `index` (``LatencyBuckets/index(nanoseconds:)``).
    mutating func recordLatency(index: Int, at milliseconds: Int64) {
        guard let slot = bucket(at: milliseconds) else { return }
        latencies[slot * LatencyBuckets.count + index] &+= 1
    }

    /// Counts one answered request of status class `statusClass` with its latency of histogram bucket `latencyIndex`.
    mutating func recordRequest(statusClass: Int, latencyIndex: Int, at milliseconds: Int64) {
        guard let slot = bucket(at: milliseconds) else { return }
        counts[slot].requests += 1
        if statusClass == 4 { counts[slot].errors4xx += 1 }
        if statusClass == 5 { counts[slot].errors5xx += 1 }
        latencies[slot * LatencyBuckets.count + latencyIndex] &+= 1
    }

    /// Counts push deliveries: delivered, or failed for good.
    mutating func countPush(delivered: Bool, count: Int, at milliseconds: Int64) {
        guard let slot = bucket(at: milliseconds) else { return }
        if delivered { counts[slot].pushDelivered += count } else { counts[slot].pushFailed += count }
    }

    /// The `count` minutes up to and including the one holding `milliseconds`, oldest first; minutes without data (or
    /// older than the ring) are zero.
    func points(minutes count: Int, endingAt milliseconds: Int64) -> [MinuteMetrics.Point] {
        let last = Self.minute(of: milliseconds)
        let wanted = min(count, capacity)
        guard wanted > 0 else { return [] }
        var points: [MinuteMetrics.Point] = []
        points.reserveCapacity(wanted)
        var histogram = [UInt32](repeating: 0, count: LatencyBuckets.count)
        for minute in (last - Int64(wanted) + 1)...last {
            var point = Self.emptyPoint(minute: minute)
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

    /// The `count` minutes up to and including the one holding `milliseconds`, oldest first, all zero.
    static func emptyPoints(minutes count: Int, endingAt milliseconds: Int64) -> [MinuteMetrics.Point] {
        let last = minute(of: milliseconds)
        guard count > 0 else { return [] }
        return ((last - Int64(count) + 1)...last).map(emptyPoint(minute:))
    }

    private static func emptyPoint(minute: Int64) -> MinuteMetrics.Point {
        MinuteMetrics.Point(
            minuteStart: minute * 60_000, requests: 0, errors4xx: 0, errors5xx: 0, p50Milliseconds: nil, p99Milliseconds: nil,
            pushDelivered: 0, pushFailed: 0)
    }

    /// The bucket of the minute holding `milliseconds`, emptied first when it held an older minute; `nil` for a minute
    /// older than the bucket's (a wall clock set back): its sample is dropped.
    private mutating func bucket(at milliseconds: Int64) -> Int? {
        let minute = Self.minute(of: milliseconds)
        let slot = Self.slot(of: minute, capacity: capacity)
        if minutes[slot] != minute {
            guard minutes[slot] < minute else { return nil }
            minutes[slot] = minute
            counts[slot] = Counts()
            let start = slot * LatencyBuckets.count
            latencies.replaceSubrange(start..<(start + LatencyBuckets.count), with: repeatElement(0, count: LatencyBuckets.count))
            newestMinute = max(newestMinute, minute)
        }
        return slot
    }

    /// The minute (since 1970) holding `milliseconds`.
    static func minute(of milliseconds: Int64) -> Int64 {
        milliseconds >= 0 ? milliseconds / 60_000 : (milliseconds - 59_999) / 60_000
    }

    private static func slot(of minute: Int64, capacity: Int) -> Int {
        let remainder = Int(minute % Int64(capacity))
        return remainder < 0 ? remainder + capacity : remainder
    }
}
