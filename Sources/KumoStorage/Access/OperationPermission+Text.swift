/// The text form of an operation permission used by `kumo classes permissions`: `public`, `authenticated`, `nobody`,
/// or a comma list of roles `role:Staff,role:Admin` (`role:Staff,Admin` also works: after a `role:` item, a bare item
/// is another role name). `authenticated` may be combined with roles, which then add nothing. The CLI and the
/// dashboard read and write permissions in this form.
extension OperationPermission {
    /// Why a permission text was refused.
    package struct TextError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, for the terminal.
        package let description: String
    }

    /// Reads the text form.
    ///
    /// - Throws: ``TextError`` for an empty text, an unknown word, `nobody` or `public` combined with anything, or a
    ///   role name outside `[A-Za-z0-9_-]{1,100}`.
    package init(text: String) throws(TextError) {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0.filter { !$0.isWhitespace }) }
        guard !items.contains(where: \.isEmpty) else {
            throw TextError(description: "'\(text)' is not a permission: use public, authenticated, nobody or role:NAME[,…]")
        }
        var allowsAuthenticatedUsers = false
        var roleNames: Set<String> = []
        var afterRole = false
        for item in items {
            switch item {
            case "public", "nobody":
                guard items.count == 1 else { throw TextError(description: "'\(item)' cannot be combined with other entries") }
                self.init(isPublic: item == "public")
                return
            case "authenticated":
                allowsAuthenticatedUsers = true
                afterRole = false
            default:
                let name: Substring
                if item.hasPrefix("role:") {
                    name = item.dropFirst("role:".count)
                } else if afterRole {
                    name = item[...]
                } else {
                    throw TextError(description: "'\(item)' is not a permission: use public, authenticated, nobody or role:NAME")
                }
                guard Self.isValidRoleName(String(name)) else {
                    throw TextError(description: "'\(name)' is not a role name: use 1 to 100 of A-Z a-z 0-9 _ -")
                }
                roleNames.insert(String(name))
                afterRole = true
            }
        }
        self.init(isPublic: false, allowsAuthenticatedUsers: allowsAuthenticatedUsers, roleNames: roleNames)
    }

    /// Whether `name` is an acceptable role name: 1 to 100 characters of `A-Z`, `a-z`, `0-9`, `_` and `-` (the pattern
    /// keeps names usable as ACL keys, `role:<name>`, and in these lists).
    package static func isValidRoleName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 100 else { return false }
        return name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default: false
            }
        }
    }

    /// The text form: `public`, `nobody`, `authenticated`, `role:A,role:B` (roles sorted), or `authenticated,role:A`.
    package var text: String {
        if isPublic { return "public" }
        let parts = (allowsAuthenticatedUsers ? ["authenticated"] : []) + roleNames.sorted().map { "role:" + $0 }
        return parts.isEmpty ? "nobody" : parts.joined(separator: ",")
    }
}
