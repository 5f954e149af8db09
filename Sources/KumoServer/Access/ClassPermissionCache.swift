package import KumoSeams
package import KumoStorage
package import NCMBWire

/// Caches each application's class-level permissions for a short time, so a request needs no storage read to pass
/// the gate (the common case: an application without any class permissions).
///
/// Entries expire after `timeToLiveMilliseconds` (5 s, like ``ApplicationCache``), so changes made with
/// `kumo classes permissions` show up quickly, also on other instances sharing the database; a change the dashboard of
/// this process makes moves `generation`, which makes every entry stale at once. An empty answer is cached like any
/// other.
package final class ClassPermissionCache: Sendable {
    private let store: any ApplicationStore
    private let cache: ExpiringCache<String, [ClassName: ClassPermissions]>

    /// Creates a cache over a store whose entries go stale when `generation` moves.
    package init(
        store: any ApplicationStore, clock: any WallClock, generation: CacheGeneration, timeToLiveMilliseconds: Int64 = 5000
    ) {
        self.store = store
        self.cache = ExpiringCache(clock: clock, timeToLiveMilliseconds: timeToLiveMilliseconds, generation: generation)
    }

    /// The permissions of every class of the application that has any; classes not listed are open.
    package func permissions(applicationId: String) async throws -> [ClassName: ClassPermissions] {
        try await cache.value(for: applicationId) { try await store.classPermissions(applicationId: applicationId) }
    }
}
