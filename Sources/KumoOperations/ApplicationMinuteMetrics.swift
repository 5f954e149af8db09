import Foundation

/// The Overview's series per application (docs/dashboard.md#overview-metrics,
/// docs/decisions/0158-per-application-overview.md): requests, their 4xx and 5xx answers and the latency percentiles of
/// each application, minute by minute, over the same span as ``MinuteMetrics``; push deliveries are not per
/// application.
///
/// The server records every answered request whose application it resolved (``recordRequest(applicationId:statusClass:nanoseconds:at:)``):
/// one dictionary lookup and a few arithmetic steps under one lock, allocating nothing once the application is tracked.
///
/// Memory is bounded: an application gets its own ring (about 0.6 MiB for 24 hours) at its first request, for at most
/// ``maximumApplications`` applications. Above the cap a new application takes the ring of one that had no request for
/// the whole span, emptied; when there is none, its requests are not recorded per application (they still count in the
/// instance's totals) and ``series(applicationId:minutes:endingAt:)`` says so. Safe to call from any thread.
package final class ApplicationMinuteMetrics: @unchecked Sendable {
    // @unchecked: every stored `var` below is only touched while `lock` is held.

    /// What the series of one application are.
    package enum Series: Sendable, Hashable {
        /// The application's minutes, oldest first (zero before its first request).
        case tracked([MinuteMetrics.Point])
        /// The application is not tracked: every ring is taken by applications active within the span.
        case untracked
    }

    /// How many applications are tracked by default: 16 (at most about 10 MiB for 24 hours).
    package static let defaultMaximumApplications = 16
    /// How many minutes each application's ring keeps.
    package let capacity: Int
    /// How many applications get a ring.
    package let maximumApplications: Int
    private let lock = NSLock()
    private var slots: [String: Int] = [:]
    private var owners: [String] = []
    private var rings: [MinuteRing] = []
    /// The minute of the last search for a ring to take over, so that an untracked application's requests search at most
    /// once a minute.
    private var searchedMinute = Int64.min

    /// Series of `capacity` minutes (at least 1) for up to `maximumApplications` applications (at least 1).
    package init(capacity: Int = MinuteMetrics.defaultCapacity, maximumApplications: Int = defaultMaximumApplications) {
        self.capacity = max(1, capacity)
        self.maximumApplications = max(1, maximumApplications)
    }

    /// Counts one answered request of the application `applicationId`, of status class `statusClass` (4 for 4xx, 5 for
    /// 5xx), with its latency.
    package func recordRequest(applicationId: String, statusClass: Int, nanoseconds: Int64, at milliseconds: Int64) {
        let latencyIndex = LatencyBuckets.index(nanoseconds: nanoseconds)
        lock.lock()
        defer { lock.unlock() }
        guard let slot = slots[applicationId] ?? track(applicationId, at: milliseconds) else { return }
        rings[slot].recordRequest(statusClass: statusClass, latencyIndex: latencyIndex, at: milliseconds)
    }

    /// The `count` minutes of `applicationId` up to and including the one holding `milliseconds`, or ``Series/untracked``.
    package func series(applicationId: String, minutes count: Int, endingAt milliseconds: Int64) -> Series {
        lock.lock()
        defer { lock.unlock() }
        if let slot = slots[applicationId] { return .tracked(rings[slot].points(minutes: count, endingAt: milliseconds)) }
        guard owners.count < maximumApplications else { return .untracked }
        return .tracked(MinuteRing.emptyPoints(minutes: min(count, capacity), endingAt: milliseconds))
    }

    /// The applications that have a ring, in the order they got it.
    package var trackedApplications: [String] {
        lock.withLock { owners }
    }

    /// Gives `applicationId` a ring: a new one below the cap, else one whose application had no request within the span;
    /// `nil` when there is none.
    private func track(_ applicationId: String, at milliseconds: Int64) -> Int? {
        if owners.count < maximumApplications {
            rings.append(MinuteRing(capacity: capacity))
            owners.append(applicationId)
            slots[applicationId] = owners.count - 1
            return owners.count - 1
        }
        let minute = MinuteRing.minute(of: milliseconds)
        guard searchedMinute != minute else { return nil }
        searchedMinute = minute
        guard let slot = rings.indices.first(where: { rings[$0].newestMinute <= minute - Int64(capacity) }) else { return nil }
        slots[owners[slot]] = nil
        owners[slot] = applicationId
        slots[applicationId] = slot
        rings[slot].clear()
        return slot
    }
}
