internal import NCMBWire

/// An access control list: who may read and who may write an object (docs/wire/acl.md).
///
/// Keys are ``ACL_PUBLIC`` (`"*"`, everyone), a user's objectId, or `role:` followed by a role name.
///
/// ```swift
/// var acl = NCMBACL.empty
/// acl.put(key: NCMBACL.ACL_PUBLIC, readable: true, writable: false)
/// acl.put(key: "role:Admin", readable: true, writable: true)
/// object.acl = acl
/// ```
public struct NCMBACL: Sendable, Equatable, CustomStringConvertible {
    /// The key that stands for everyone.
    public static let ACL_PUBLIC: String = "*"

    /// The permissions of one key.
    private struct Permission: Sendable, Equatable {
        var readable: Bool
        var writable: Bool
    }

    private var entries: [String: Permission]

    private init(entries: [String: Permission]) {
        self.entries = entries
    }

    /// Read and write for everyone: the server's default for objects (docs/decisions/0005-default-acl.md).
    public static var `default`: NCMBACL {
        var acl = NCMBACL.empty
        acl.put(key: ACL_PUBLIC, readable: true, writable: true)
        return acl
    }

    /// An ACL with no entry: nobody may read or write.
    public static var empty: NCMBACL { NCMBACL(entries: [:]) }

    /// Sets the permissions of one key, replacing any earlier ones.
    ///
    /// - Parameters:
    ///   - key: ``ACL_PUBLIC``, a user's objectId or `role:<roleName>`.
    ///   - readable: Whether the key may read.
    ///   - writable: Whether the key may write (update and delete).
    public mutating func put(key: String, readable: Bool, writable: Bool) {
        entries[key] = Permission(readable: readable, writable: writable)
    }

    /// Removes the permissions of one key.
    ///
    /// - Parameter key: The key to remove.
    public mutating func remove(key: String) {
        entries[key] = nil
    }

    /// Whether the key may read; `nil` when the ACL has no entry for it.
    ///
    /// - Parameter key: The key to look up.
    public func getReadable(key: String) -> Bool? {
        entries[key]?.readable
    }

    /// Whether the key may write; `nil` when the ACL has no entry for it.
    ///
    /// - Parameter key: The key to look up.
    public func getWritable(key: String) -> Bool? {
        entries[key]?.writable
    }

    /// The entries sorted by key: `{"*"=(read=true,write=false),"role:Admin"=(read=true,write=true)}`.
    public var description: String {
        let items = entries.keys.sorted().compactMap { key in
            entries[key].map { "\"\(key)\"=(read=\($0.readable),write=\($0.writable))" }
        }
        return "{" + items.joined(separator: ",") + "}"
    }

    /// The wire form, keys sorted: each entry lists only its `true` permissions, as ncmb_swift sends them.
    var json: JSONValue {
        AccessControlList.json(grants: entries.mapValues { AccessControlList.Permission(read: $0.readable, write: $0.writable) })
    }

    /// Reads the wire form; entries whose value is not an object of booleans are skipped, as ncmb_swift skips them.
    init(json value: JSONValue) {
        var entries: [String: Permission] = [:]
        for (key, grant) in value.objectValue ?? JSONObject() {
            guard let grant = grant.objectValue, grant.pairs.allSatisfy({ $0.value.boolValue != nil }) else { continue }
            entries[key] = Permission(readable: grant["read"]?.boolValue ?? false, writable: grant["write"]?.boolValue ?? false)
        }
        self.init(entries: entries)
    }
}
