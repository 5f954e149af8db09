import Foundation
package import NCMBWire

/// Login throttling (docs/dashboard.md#sign-in): per client address and per address typed, at most
/// ``DashboardConfiguration/loginFailureLimit`` failures in ``DashboardConfiguration/loginFailureWindowSeconds``; then
/// 429 with `Retry-After` until the oldest failure leaves the window. Kept in memory per instance.
package final class LoginThrottle: @unchecked Sendable {
    // Unchecked: every access to `failures` holds `lock`.
    private var failures: [String: [Int64]] = [:]
    private let lock = NSLock()
    let limit: Int
    let windowMilliseconds: Int64

    /// Creates a throttle.
    package init(limit: Int, windowSeconds: Int) {
        self.limit = max(1, limit)
        self.windowMilliseconds = Int64(max(1, windowSeconds)) * 1000
    }

    /// The seconds to wait before `keys` may try again at `now`, or `nil` when none of them is throttled.
    package func retryAfter(_ keys: [String], now: WireDate) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        let now = now.millisecondsSince1970
        var wait: Int64 = 0
        for key in keys {
            let recent = (failures[key] ?? []).filter { $0 > now - windowMilliseconds }
            failures[key] = recent.isEmpty ? nil : recent
            if recent.count >= limit, let oldest = recent.first { wait = max(wait, oldest + windowMilliseconds - now) }
        }
        return wait > 0 ? Int((wait + 999) / 1000) : nil
    }

    /// Records a failure for every key.
    package func recordFailure(_ keys: [String], now: WireDate) {
        lock.lock()
        defer { lock.unlock() }
        for key in keys { failures[key, default: []].append(now.millisecondsSince1970) }
        if failures.count > 100_000 { failures.removeAll() }
    }

    /// Forgets the failures of `keys` (after a successful sign-in).
    package func reset(_ keys: [String]) {
        lock.lock()
        defer { lock.unlock() }
        for key in keys { failures[key] = nil }
    }
}
