package import Foundation

/// An ``NCMBLocalStore`` that moves items from an older store into a newer one the first time each is read: the
/// standard store on Apple platforms moves the files of earlier SDK versions into the Keychain
/// (docs/decisions/0127-sessions-in-the-keychain.md).
///
/// Nothing is lost on the way: an item leaves the origin only after the destination stored it. When the destination
/// refuses it, the read still returns the origin's copy, which stays until a later read moves it. Writes go to the
/// destination only: a write it refuses is the caller's error, as with any store.
package struct MovingLocalStore: NCMBLocalStore {
    /// Where items live from now on, e.g. the Keychain.
    package let destination: any NCMBLocalStore
    /// Where earlier versions kept them, e.g. files.
    package let origin: any NCMBLocalStore

    /// Creates a store moving items from `origin` into `destination`.
    package init(destination: any NCMBLocalStore, origin: any NCMBLocalStore) {
        self.destination = destination
        self.origin = origin
    }

    /// The item from the destination; else the origin's copy, moved into the destination when it accepts it.
    package func load(_ item: NCMBLocalItem) throws -> Data? {
        if let data = try destination.load(item) { return data }
        guard let data = try origin.load(item) else { return nil }
        do {
            try destination.save(data, as: item)
        } catch {
            // The destination refused: keep the origin's copy, which this read returns, and try again next launch.
            return data
        }
        // Moved: a copy left behind is harmless (the destination wins), and removed on the next save or delete.
        try? origin.delete(item)
        return data
    }

    /// Stores `data` in the destination, then removes any copy left in the origin.
    package func save(_ data: Data, as item: NCMBLocalItem) throws {
        try destination.save(data, as: item)
        try? origin.delete(item)
    }

    /// Removes the item from both stores; a copy the origin cannot remove would come back, so its error is thrown.
    package func delete(_ item: NCMBLocalItem) throws {
        try destination.delete(item)
        try origin.delete(item)
    }
}
