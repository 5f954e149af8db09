#if canImport(Security)
    public import Foundation
    import Security

    /// An ``NCMBLocalStore`` that keeps each item as a generic password of the Keychain: the standard store on Apple
    /// platforms, so session tokens are encrypted at rest (docs/decisions/0127-sessions-in-the-keychain.md).
    ///
    /// Items are `kSecClassGenericPassword` entries of the service given, one account per ``NCMBLocalItem``, readable
    /// after the device's first unlock (`kSecAttrAccessibleAfterFirstUnlock`, so background work can use the
    /// session), never synchronised with iCloud.
    ///
    /// - Note: A Kumo addition. Keychain items survive the app's deletion on iOS: a reinstalled app finds its user
    ///   signed in while the session lasts on the server (24 hours by default on Kumo).
    public struct KeychainLocalStore: NCMBLocalStore {
        /// The `kSecAttrService` of the items.
        public let service: String
        /// The `kSecAttrAccessGroup` of the items, to share them between apps of one team; `nil` for the app's own.
        public let accessGroup: String?

        /// Creates a store over the items of `service`.
        ///
        /// - Parameters:
        ///   - service: The Keychain service, e.g. `NCMB`.
        ///   - accessGroup: A Keychain access group the app is entitled to; `nil` (the default) for the app's own.
        public init(service: String, accessGroup: String? = nil) {
            self.service = service
            self.accessGroup = accessGroup
        }

        /// The bytes of `item`; `nil` when the Keychain has none.
        ///
        /// - Throws: ``KeychainError`` with the Keychain's status when it cannot be read.
        public func load(_ item: NCMBLocalItem) throws -> Data? {
            var query = self.query(item)
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &result)
            if status == errSecItemNotFound { return nil }
            guard status == errSecSuccess else { throw KeychainError(status: status) }
            return result as? Data
        }

        /// Stores `data` as `item`, updating the entry when there is one.
        ///
        /// - Throws: ``KeychainError`` with the Keychain's status when it cannot be written.
        public func save(_ data: Data, as item: NCMBLocalItem) throws {
            let attributes: [String: Any] = [
                kSecValueData as String: data, kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
            ]
            let updated = SecItemUpdate(query(item) as CFDictionary, attributes as CFDictionary)
            if updated == errSecSuccess { return }
            guard updated == errSecItemNotFound else { throw KeychainError(status: updated) }
            let added = SecItemAdd(query(item).merging(attributes) { $1 } as CFDictionary, nil)
            guard added == errSecSuccess else { throw KeychainError(status: added) }
        }

        /// Removes `item`'s entry, if any.
        ///
        /// - Throws: ``KeychainError`` with the Keychain's status when it cannot be removed.
        public func delete(_ item: NCMBLocalItem) throws {
            let status = SecItemDelete(query(item) as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else { throw KeychainError(status: status) }
        }

        /// The attributes that identify `item`'s entry.
        private func query(_ item: NCMBLocalItem) -> [String: Any] {
            var query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
                kSecAttrAccount as String: item.rawValue, kSecAttrSynchronizable as String: false,
            ]
            if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
            return query
        }
    }

    /// A Keychain call failed: its `OSStatus`, e.g. `-34018` (`errSecMissingEntitlement`).
    ///
    /// - Note: A Kumo addition.
    public struct KeychainError: Error, Equatable, Sendable, LocalizedError {
        /// The status the Keychain returned.
        public let status: OSStatus

        /// Creates the error of `status`.
        public init(status: OSStatus) {
            self.status = status
        }

        /// The Keychain's own message for the status.
        public var errorDescription: String? {
            let message = SecCopyErrorMessageString(status, nil) as String? ?? "unknown status"
            return "The Keychain failed (\(status)): \(message)"
        }
    }
#endif
