package import KumoSeams
package import KumoStorage
package import NCMBWire

/// Caches application lookups by key for a short time, so most requests need no storage read to authenticate.
///
/// Entries expire after `timeToLive` so that changes made by `kumo apps` (or another instance) show up within 5 s; a
/// change the dashboard of this process makes moves `generation`, which makes every entry stale at once. Misses are not
/// cached: a newly created application is usable at once.
package final class ApplicationCache: Sendable {
    private let store: any ApplicationStore
    private let cache: ExpiringCache<String, HostedApplication>

    /// Creates a cache over a store whose entries go stale when `generation` moves.
    package init(
        store: any ApplicationStore, clock: any WallClock, generation: CacheGeneration, timeToLiveMilliseconds: Int64 = 5000
    ) {
        self.store = store
        self.cache = ExpiringCache(clock: clock, timeToLiveMilliseconds: timeToLiveMilliseconds, generation: generation)
    }

    /// The application with this key, or `nil`.
    package func application(applicationKey: String) async throws -> HostedApplication? {
        try await cache.valueIfFound(for: applicationKey) { try await store.application(applicationKey: applicationKey) }
    }
}
