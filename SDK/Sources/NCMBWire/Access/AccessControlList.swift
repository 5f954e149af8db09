/// An object's ACL: `{"*":{"read":true},"<userId>":{"read":true,"write":true},"role:Admin":{"write":true}}`
/// (docs/wire/acl.md).
///
/// Only `true` grants anything; `false` entries are treated as absent. `{}` grants nobody.
package struct AccessControlList: Sendable, Hashable {
    /// The grants of one principal.
    package struct Permission: Sendable, Hashable {
        /// May read (GET by id, appear in queries).
        package var read: Bool
        /// May write (PUT, DELETE).
        package var write: Bool

        /// Creates a grant.
        package init(read: Bool = false, write: Bool = false) {
            self.read = read
            self.write = write
        }
    }

    /// Grants by principal key: `*`, a user objectId or `role:<roleName>`. Entries granting nothing are not kept.
    package private(set) var entries: [String: Permission]

    /// Creates an ACL, dropping entries that grant nothing.
    package init(_ entries: [String: Permission] = [:]) {
        self.entries = entries.filter { $0.value.read || $0.value.write }
    }

    /// The public principal key.
    package static let publicKey = "*"

    /// Public read and write: the default for objects (docs/decisions/0005-default-acl.md).
    package static let publicReadWrite = AccessControlList([publicKey: Permission(read: true, write: true)])

    /// Whether everyone may read.
    package var isPublicReadable: Bool { entries[AccessControlList.publicKey]?.read ?? false }

    /// Whether everyone may write.
    package var isPublicWritable: Bool { entries[AccessControlList.publicKey]?.write ?? false }

    /// Sets or clears one principal's grant.
    package mutating func set(_ permission: Permission, for principal: String) {
        entries[principal] = (permission.read || permission.write) ? permission : nil
    }

    /// The wire form: keys sorted for stable output, each value listing only the `true` grants.
    package var json: JSONValue { AccessControlList.json(grants: entries) }

    /// The wire form of `grants` by principal key: keys sorted, each value listing only the `true` grants, so a
    /// principal granted nothing is `{}` (the SDK keeps such entries; an ``AccessControlList`` has none).
    package static func json(grants: [String: Permission]) -> JSONValue {
        var object = JSONObject()
        for key in grants.keys.sorted() {
            guard let permission = grants[key] else { continue }
            var grant = JSONObject()
            if permission.read { grant["read"] = true }
            if permission.write { grant["write"] = true }
            object[key] = .object(grant)
        }
        return .object(object)
    }
}
