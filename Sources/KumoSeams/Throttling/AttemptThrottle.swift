import Foundation
package import NCMBWire

/// Attempts per key in a sliding window, counted **before** the work they guard (docs/decisions/0121-sign-in-and-mail-throttles.md).
///
/// A caller reserves an attempt against every key it names at once: when none of them is full, the attempt is counted
/// against all of them under one lock and the caller may go on; otherwise nothing is counted and the caller is told how
/// long to wait. Concurrent attempts therefore cannot all pass a check made before any of them is counted
/// (check-then-act): of 100 attempts at once against a key that allows 5, exactly 5 are admitted. An admitted attempt
/// stays counted (a failure) unless the caller gives it back with ``cancel(_:)`` (it succeeded, or could not be judged).
///
/// The table lives in memory and is bounded: past ``capacity`` keys, keys without a recent attempt go first, then the
/// keys whose last attempt is oldest.
package final class AttemptThrottle: @unchecked Sendable {
    // Unchecked: every access to `attempts` holds `lock`.
    private var attempts: [String: [Int64]] = [:]
    private let lock = NSLock()
    /// The window, in milliseconds.
    package let windowMilliseconds: Int64
    /// The most keys kept.
    package let capacity: Int
    /// The most attempts kept per key (a key counted without a maximum keeps its latest this many).
    static let maximumPerKey = 1024

    /// One key with the attempts it allows in the window; `maximum` `nil` counts without limiting (an exempt key).
    package struct Limit: Sendable, Hashable {
        /// The key.
        package var key: String
        /// The attempts it allows in the window, or `nil` for none checked.
        package var maximum: Int?

        /// Creates a limit.
        package init(_ key: String, maximum: Int?) {
            self.key = key
            self.maximum = maximum
        }
    }

    /// An admitted attempt: what ``cancel(_:)`` takes back.
    package struct Reservation: Sendable, Hashable {
        /// The keys it was counted against.
        package let keys: [String]
        /// When it was counted, in milliseconds since 1970.
        package let time: Int64
    }

    /// What ``reserve(_:now:)`` decided.
    package enum Admission: Sendable, Hashable {
        /// Counted against every key: go on.
        case admitted(Reservation)
        /// Nothing counted: a key is full for this many more seconds (at least 1).
        case refused(retryAfterSeconds: Int)
    }

    /// Creates a throttle with a window of `windowSeconds` (at least 1).
    package init(windowSeconds: Int, capacity: Int = 100_000) {
        windowMilliseconds = Int64(max(1, windowSeconds)) * 1000
        self.capacity = max(16, capacity)
    }

    /// Counts one attempt against every key of `limits` when none is full at `now`; otherwise counts nothing.
    package func reserve(_ limits: [Limit], now: WireDate) -> Admission {
        let now = now.millisecondsSince1970
        return lock.withLock {
            var wait: Int64 = 0
            for limit in limits {
                let recent = prune(limit.key, now: now)
                if let maximum = limit.maximum, recent.count >= maximum {
                    // Admitted again once enough of the recent attempts have left the window to leave room for one
                    // (a maximum of 0 admits nothing: a whole window).
                    let index = recent.count - maximum
                    let reopens = recent.indices.contains(index) ? recent[index] + windowMilliseconds : now + windowMilliseconds
                    wait = max(wait, reopens - now, 1)
                }
            }
            guard wait == 0 else { return .refused(retryAfterSeconds: Int((wait + 999) / 1000)) }
            var keys: [String] = []
            for limit in limits where !keys.contains(limit.key) {
                keys.append(limit.key)
                attempts[limit.key, default: []].append(now)
                if let count = attempts[limit.key]?.count, count > Self.maximumPerKey {
                    attempts[limit.key]?.removeFirst(count - Self.maximumPerKey)
                }
            }
            if attempts.count > capacity { compact(now: now) }
            return .admitted(Reservation(keys: keys, time: now))
        }
    }

    /// Takes an admitted attempt back: it no longer counts against any of its keys.
    package func cancel(_ reservation: Reservation) {
        lock.withLock {
            for key in reservation.keys {
                guard var times = attempts[key], let index = times.lastIndex(of: reservation.time) else { continue }
                times.remove(at: index)
                attempts[key] = times.isEmpty ? nil : times
            }
        }
    }

    /// Forgets every attempt of `keys`.
    package func reset(_ keys: [String]) {
        lock.withLock {
            for key in keys { attempts[key] = nil }
        }
    }

    /// The attempts of `key` still in the window at `now` (for tests and diagnostics).
    package func count(_ key: String, now: WireDate) -> Int {
        lock.withLock { prune(key, now: now.millisecondsSince1970).count }
    }

    /// The number of keys held.
    package var keyCount: Int { lock.withLock { attempts.count } }

    /// Drops the attempts of `key` that left the window and returns the rest. Holds `lock`.
    private func prune(_ key: String, now: Int64) -> [Int64] {
        guard let times = attempts[key] else { return [] }
        let start = now - windowMilliseconds
        guard let first = times.firstIndex(where: { $0 > start }) else {
            attempts[key] = nil
            return []
        }
        guard first > 0 else { return times }
        let recent = Array(times[first...])
        attempts[key] = recent
        return recent
    }

    /// Brings the table back under three quarters of its capacity: keys without a recent attempt first, then the keys
    /// whose last attempt is oldest. Holds `lock`.
    private func compact(now: Int64) {
        let start = now - windowMilliseconds
        attempts = attempts.filter { ($0.value.last ?? 0) > start }
        let target = capacity * 3 / 4
        guard attempts.count > target else { return }
        let oldest = attempts.map { (key: $0.key, last: $0.value.last ?? 0) }.sorted { $0.last < $1.last }
        for entry in oldest.prefix(attempts.count - target) { attempts[entry.key] = nil }
    }
}
