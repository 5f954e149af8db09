package import Foundation

/// An ``NCMBLocalStore`` that keeps its items in memory: the store of contexts that are not the process-wide one, and
/// the test double for persistence (a new session over the same store restores what an earlier one saved).
package final class MemoryLocalStore: NCMBLocalStore {
    private let items = Locked<[NCMBLocalItem: Data]>([:])

    /// Creates an empty store.
    package init() {}

    package func load(_ item: NCMBLocalItem) -> Data? { items.withLock { $0[item] } }

    package func save(_ data: Data, as item: NCMBLocalItem) { items.withLock { $0[item] = data } }

    package func delete(_ item: NCMBLocalItem) { _ = items.withLock { $0.removeValue(forKey: item) } }
}
