public import Foundation

/// Where the SDK keeps state between launches of the app: the signed-in user (with their session token) and the
/// installation of this device.
///
/// ``NCMBClient/default`` uses ``NCMBClient/Configuration/standardLocalStore(name:)``: the Keychain on Apple platforms
/// (``KeychainLocalStore``), files elsewhere (``FileLocalStore``). Give a client another store, for example an
/// encrypted database of your own, through ``NCMBClient/Configuration/localStore``.
///
/// A store is called from any thread, under the SDK's lock for the item: keep its work short.
///
/// - Note: A Kumo addition; ncmb_swift keeps these items in files of `Documents/NCMB`.
public protocol NCMBLocalStore: Sendable {
    /// The stored bytes of `item`; `nil` when nothing is stored.
    ///
    /// - Throws: An error when the item exists but cannot be read; the SDK then treats it as absent.
    func load(_ item: NCMBLocalItem) throws -> Data?

    /// Stores `data` as `item`, replacing what was stored.
    ///
    /// - Throws: An error when the item cannot be written; the SDK keeps working, and the next launch does not find it.
    func save(_ data: Data, as item: NCMBLocalItem) throws

    /// Removes `item`; nothing happens when it is not stored.
    ///
    /// - Throws: An error when the item exists but cannot be removed.
    func delete(_ item: NCMBLocalItem) throws
}

/// A piece of state the SDK persists; the raw value names it (a file name, a Keychain account), as in ncmb_swift.
///
/// - Note: A Kumo addition.
public enum NCMBLocalItem: String, Sendable, CaseIterable {
    /// The signed-in user's fields, with the session token and without the password.
    case currentUser
    /// The installation of this device.
    case currentInstallation
}
