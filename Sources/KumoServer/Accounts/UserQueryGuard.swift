import NCMBWire

/// Keeps `authData` out of users embedded by `include` (queries on it are refused by ``HiddenFieldGuard``).
enum UserQueryGuard {
    /// The field that only its owner may see.
    static let protectedField = StandardField.User.authData

    /// Removes `authData` from every user object embedded by `include` (at any depth): an anonymous id is a login
    /// credential and provider tokens are secrets, so only `GET /users/{id}` by the owner shows them.
    static func redactIncludedUsers(_ fields: JSONObject) -> JSONObject {
        var redacted = fields
        for (key, value) in fields {
            if let cleaned = redactedValue(value) { redacted[key] = cleaned }
        }
        return redacted
    }

    /// The value with included users redacted, or `nil` when it holds no included object.
    static func redactedValue(_ value: JSONValue) -> JSONValue? {
        guard case .object(let object) = value, object["__type"] == .string("Object") else { return nil }
        var cleaned = redactIncludedUsers(object)
        if object["className"] == .string(ClassName.user.rawValue) { cleaned.removeValue(forKey: protectedField.rawValue) }
        return .object(cleaned)
    }
}
