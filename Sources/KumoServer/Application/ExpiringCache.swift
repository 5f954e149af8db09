import KumoSeams
import NCMBWire
import NIOConcurrencyHelpers

/// Values by key, each kept for a fixed time after it was loaded: the short-lived caches in front of storage
/// (``ApplicationCache``, ``ClassPermissionCache``).
///
/// An entry loaded at time `t` serves every lookup before `t + timeToLiveMilliseconds` on the clock; after that the next
/// lookup loads again. Concurrent misses may each load; the last one stored wins.
final class ExpiringCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value
        var expiresAt: Int64
    }

    private let clock: any WallClock
    private let timeToLiveMilliseconds: Int64
    private let entries = NIOLockedValueBox<[Key: Entry]>([:])

    /// Creates an empty cache on `clock`.
    init(clock: any WallClock, timeToLiveMilliseconds: Int64) {
        self.clock = clock
        self.timeToLiveMilliseconds = timeToLiveMilliseconds
    }

    /// The value kept for `key`, or `load()`'s answer, which is kept (an empty answer too).
    func value(for key: Key, load: () async throws -> Value) async throws -> Value {
        let now = clock.now().millisecondsSince1970
        if let value = freshValue(for: key, now: now) { return value }
        let value = try await load()
        keep(value, for: key, now: now)
        return value
    }

    /// The value kept for `key`, or `load()`'s answer, which is kept unless it is `nil` (misses are not cached).
    func valueIfFound(for key: Key, load: () async throws -> Value?) async throws -> Value? {
        let now = clock.now().millisecondsSince1970
        if let value = freshValue(for: key, now: now) { return value }
        guard let value = try await load() else { return nil }
        keep(value, for: key, now: now)
        return value
    }

    private func freshValue(for key: Key, now: Int64) -> Value? {
        guard let entry = entries.withLockedValue({ $0[key] }), entry.expiresAt > now else { return nil }
        return entry.value
    }

    private func keep(_ value: Value, for key: Key, now: Int64) {
        entries.withLockedValue { $0[key] = Entry(value: value, expiresAt: now + timeToLiveMilliseconds) }
    }
}
