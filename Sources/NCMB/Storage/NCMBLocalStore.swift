package import Foundation

/// Where the SDK keeps state between launches of the app: the signed-in user and the installation of this device.
///
/// The process-wide context persists to a ``FileLocalStore``; contexts created for tests or in-process servers keep
/// their state in a ``MemoryLocalStore`` unless given another store.
package protocol NCMBLocalStore: Sendable {
    /// The stored bytes of `item`; `nil` when nothing is stored.
    ///
    /// - Throws: An error when the item exists but cannot be read.
    func load(_ item: NCMBLocalItem) throws -> Data?

    /// Stores `data` as `item`, replacing what was stored.
    func save(_ data: Data, as item: NCMBLocalItem) throws

    /// Removes `item`; nothing happens when it is not stored.
    func delete(_ item: NCMBLocalItem) throws
}

/// A piece of state the SDK persists; the raw value is its file name, as in ncmb_swift.
package enum NCMBLocalItem: String, Sendable, CaseIterable {
    /// The signed-in user's fields, with the session token and without the password.
    case currentUser
    /// The installation of this device.
    case currentInstallation
}
