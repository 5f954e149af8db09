public import Foundation

/// An ``NCMBLocalStore`` that keeps its items in memory, so nothing outlives the process: the default of new clients,
/// and the test double for persistence (a new client over the same store restores what an earlier one saved).
///
/// - Note: A Kumo addition.
public final class MemoryLocalStore: NCMBLocalStore {
    private let items = Locked<[NCMBLocalItem: Data]>([:])

    /// Creates an empty store.
    public init() {}

    /// The bytes stored as `item`; `nil` when none are.
    public func load(_ item: NCMBLocalItem) -> Data? { items.withLock { $0[item] } }

    /// Stores `data` as `item`.
    public func save(_ data: Data, as item: NCMBLocalItem) { items.withLock { $0[item] = data } }

    /// Forgets `item`.
    public func delete(_ item: NCMBLocalItem) { _ = items.withLock { $0.removeValue(forKey: item) } }
}
