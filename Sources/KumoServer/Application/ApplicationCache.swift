package import KumoSeams
package import KumoStorage
package import NCMBWire

/// Caches application lookups by key for a short time, so most requests need no storage read to authenticate, each
/// with its client key's ``SigningKey``, so they need no HMAC key schedule either
/// (docs/decisions/0179-per-request-work-prepared-once.md).
///
/// Entries expire after `timeToLive` so that changes made by `kumo apps` (or another instance) show up within 5 s; a
/// change the dashboard of this process makes moves `generation`, which makes every entry stale at once. Misses are not
/// cached: a newly created application is usable at once.
package final class ApplicationCache: Sendable {
    private let store: any ApplicationStore
    private let cache: ExpiringCache<String, SigningApplication>

    /// Creates a cache over a store whose entries go stale when `generation` moves.
    package init(
        store: any ApplicationStore, clock: any WallClock, generation: CacheGeneration, timeToLiveMilliseconds: Int64 = 5000
    ) {
        self.store = store
        self.cache = ExpiringCache(clock: clock, timeToLiveMilliseconds: timeToLiveMilliseconds, generation: generation)
    }

    /// The application with this key and its signing key, or `nil`.
    package func application(applicationKey: String) async throws -> SigningApplication? {
        try await cache.valueIfFound(for: applicationKey) {
            try await store.application(applicationKey: applicationKey).map(SigningApplication.init)
        }
    }
}

/// An application with its client key prepared for signing.
package struct SigningApplication: Sendable {
    /// The application.
    package let application: HostedApplication
    /// ``HostedApplication/clientKey``, its key schedule run.
    package let signingKey: SigningKey

    /// Prepares the signing key of `application`.
    package init(_ application: HostedApplication) {
        self.application = application
        self.signingKey = SigningKey(clientKey: application.clientKey)
    }
}
