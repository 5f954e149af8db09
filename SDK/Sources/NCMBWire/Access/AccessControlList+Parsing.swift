extension AccessControlList {
    /// The longest user objectId or role name a principal key may carry.
    package static let maximumPrincipalLength = 100

    /// The prefix of role principals, `role:<roleName>` (docs/wire/acl.md).
    package static let rolePrefix = "role:"

    /// Reads the wire form `{"*":{"read":true},"<userId>":{"read":true,"write":true},"role:Admin":{"write":true}}`.
    ///
    /// Principals are `*`, a user objectId or `role:<roleName>` (each name non-empty, at most 100 characters). Each value
    /// is an object with optional boolean `read` and `write`; `false` grants nothing and such entries are dropped.
    ///
    /// - Parameter json: The value of an `acl` key.
    /// - Throws: E400002 `"acl is invalid."` for anything else.
    package init(parsing json: JSONValue) throws(APIError) {
        let invalid = APIError(.invalidType, FieldName.acl.rawValue)
        guard let object = json.objectValue else { throw invalid }
        var entries: [String: Permission] = [:]
        for (principal, grant) in object {
            guard AccessControlList.isValidPrincipal(principal), let grantObject = grant.objectValue else { throw invalid }
            var permission = Permission()
            for (key, flag) in grantObject {
                guard let isGranted = flag.boolValue else { throw invalid }
                switch key {
                case "read": permission.read = isGranted
                case "write": permission.write = isGranted
                default: throw invalid
                }
            }
            entries[principal] = permission
        }
        self.init(entries)
    }

    /// Whether `principal` is `*`, a user objectId or `role:<roleName>`.
    package static func isValidPrincipal(_ principal: String) -> Bool {
        if principal == publicKey { return true }
        let name = principal.hasPrefix(rolePrefix) ? principal.dropFirst(rolePrefix.count) : principal[...]
        return !name.isEmpty && name.count <= maximumPrincipalLength
    }
}
