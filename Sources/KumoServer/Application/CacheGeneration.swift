import NIOConcurrencyHelpers

/// The number the short-lived caches in front of storage (``ApplicationCache``, ``ClassPermissionCache``) compare their
/// entries with: an entry loaded under an older number is loaded again at its next lookup, whatever its age.
///
/// ``ServerEnvironment`` holds one, so every responder built over that environment in a process shares it (the API
/// port's and the dashboard listener's). ``APIResponder/applicationChanged(applicationId:)`` moves it when the dashboard
/// changed an application's settings or class permissions, so the next request of this process sees the change;
/// other processes see it when their entries expire (docs/decisions/0032-five-second-caches.md).
package final class CacheGeneration: Sendable {
    private let value = NIOLockedValueBox(0)

    /// Creates a generation at 0.
    package init() {}

    /// The current number.
    package var current: Int { value.withLockedValue { $0 } }

    /// Moves to the next number: every entry kept so far is stale.
    package func advance() {
        value.withLockedValue { $0 += 1 }
    }
}
