package import KumoSeams
package import KumoStorage
import NIOConcurrencyHelpers
package import NCMBWire

/// Caches application lookups by key for a short time, so most requests need no storage read to authenticate.
///
/// Entries expire after `timeToLive` so that changes made by `kumo apps` (or another instance) show up quickly.
/// Misses are not cached: a newly created application is usable at once.
package final class ApplicationCache: Sendable {
    private struct Entry {
        var application: HostedApplication
        var expiresAt: Int64
    }

    private let store: any ApplicationStore
    private let clock: any WallClock
    private let timeToLiveMilliseconds: Int64
    private let entries = NIOLockedValueBox<[String: Entry]>([:])

    /// Creates a cache over a store.
    package init(store: any ApplicationStore, clock: any WallClock, timeToLiveMilliseconds: Int64 = 5000) {
        self.store = store
        self.clock = clock
        self.timeToLiveMilliseconds = timeToLiveMilliseconds
    }

    /// The application with this key, or `nil`.
    package func application(applicationKey: String) async throws -> HostedApplication? {
        let now = clock.now().millisecondsSince1970
        if let entry = entries.withLockedValue({ $0[applicationKey] }), entry.expiresAt > now {
            return entry.application
        }
        guard let application = try await store.application(applicationKey: applicationKey) else { return nil }
        entries.withLockedValue { $0[applicationKey] = Entry(application: application, expiresAt: now + timeToLiveMilliseconds) }
        return application
    }
}
