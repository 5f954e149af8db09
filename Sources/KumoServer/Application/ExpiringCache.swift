import KumoSeams
import NCMBWire
import NIOConcurrencyHelpers

/// Values by key, each kept for a fixed time after it was loaded: the short-lived caches in front of storage
/// (``ApplicationCache``, ``ClassPermissionCache``).
///
/// An entry loaded at time `t` serves every lookup before `t + timeToLiveMilliseconds` on the clock, as long as the
/// ``CacheGeneration`` has not moved since it was loaded; after that the next lookup loads again. Concurrent misses may
/// each load; the last one stored wins.
final class ExpiringCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value
        var expiresAt: Int64
        var generation: Int
    }

    private let clock: any WallClock
    private let timeToLiveMilliseconds: Int64
    private let generation: CacheGeneration
    private let entries = NIOLockedValueBox<[Key: Entry]>([:])

    /// Creates an empty cache on `clock` whose entries go stale when `generation` moves.
    init(clock: any WallClock, timeToLiveMilliseconds: Int64, generation: CacheGeneration) {
        self.clock = clock
        self.timeToLiveMilliseconds = timeToLiveMilliseconds
        self.generation = generation
    }

    /// The value kept for `key`, or `load()`'s answer, which is kept (an empty answer too).
    func value(for key: Key, load: () async throws -> Value) async throws -> Value {
        // The generation is read before the load: a change announced while loading leaves the entry stale.
        let (now, current) = (clock.now().millisecondsSince1970, generation.current)
        if let value = freshValue(for: key, now: now, generation: current) { return value }
        let value = try await load()
        keep(value, for: key, now: now, generation: current)
        return value
    }

    /// The value kept for `key`, or `load()`'s answer, which is kept unless it is `nil` (misses are not cached).
    func valueIfFound(for key: Key, load: () async throws -> Value?) async throws -> Value? {
        let (now, current) = (clock.now().millisecondsSince1970, generation.current)
        if let value = freshValue(for: key, now: now, generation: current) { return value }
        guard let value = try await load() else { return nil }
        keep(value, for: key, now: now, generation: current)
        return value
    }

    private func freshValue(for key: Key, now: Int64, generation: Int) -> Value? {
        guard let entry = entries.withLockedValue({ $0[key] }), entry.expiresAt > now, entry.generation == generation else {
            return nil
        }
        return entry.value
    }

    private func keep(_ value: Value, for key: Key, now: Int64, generation: Int) {
        entries.withLockedValue {
            $0[key] = Entry(value: value, expiresAt: now + timeToLiveMilliseconds, generation: generation)
        }
    }
}
