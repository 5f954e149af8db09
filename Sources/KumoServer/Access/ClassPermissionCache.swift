package import KumoSeams
package import KumoStorage
package import NCMBWire
import NIOConcurrencyHelpers

/// Caches each application's class-level permissions for a short time, so a request needs no storage read to pass
/// the gate (the common case: an application without any class permissions).
///
/// Entries expire after `timeToLiveMilliseconds` (5 s, like ``ApplicationCache``), so changes made with
/// `kumo classes permissions` show up quickly, also on other instances sharing the database. An empty answer is
/// cached like any other.
package final class ClassPermissionCache: Sendable {
    private struct Entry {
        var permissions: [ClassName: ClassPermissions]
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

    /// The permissions of every class of the application that has any; classes not listed are open.
    package func permissions(applicationId: String) async throws -> [ClassName: ClassPermissions] {
        let now = clock.now().millisecondsSince1970
        if let entry = entries.withLockedValue({ $0[applicationId] }), entry.expiresAt > now { return entry.permissions }
        let permissions = try await store.classPermissions(applicationId: applicationId)
        entries.withLockedValue {
            $0[applicationId] = Entry(permissions: permissions, expiresAt: now + timeToLiveMilliseconds)
        }
        return permissions
    }
}
