import NCMBWire

/// Refuses user queries that could read `authData` indirectly (a condition or an order on it, also inside `$or` and
/// inside sub-queries over users): comparing it against guesses would reveal provider ids, and an anonymous id is a
/// login credential.
enum UserQueryGuard {
    /// The field that queries may not touch.
    static let protectedField = "authData"

    /// - Throws: 400 E400002 `"authData is invalid."` when `parameters` mention `authData` in `where` or `order`.
    ///   `isUserClass` tells whether the query itself runs over users (`GET /users`); sub-queries over users are checked
    ///   from every class (`$inQuery`/`$select` sent to `/classes/…` or `/roles`).
    static func check(_ parameters: QueryParameters, isUserClass: Bool = true) throws(KumoError) {
        guard !(isUserClass && parameters.order.contains(where: { $0.field.rawValue == protectedField })),
            !mentionsProtectedField(parameters.whereQuery, overUsers: isUserClass)
        else { throw KumoError(.invalidType, protectedField) }
    }

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
    private static func redactedValue(_ value: JSONValue) -> JSONValue? {
        guard case .object(let object) = value, object["__type"] == .string("Object") else { return nil }
        var cleaned = redactIncludedUsers(object)
        if object["className"] == .string(ClassName.user.rawValue) { cleaned.removeValue(forKey: protectedField) }
        return .object(cleaned)
    }

    private static func mentionsProtectedField(_ query: WhereQuery, overUsers: Bool) -> Bool {
        query.clauses.contains { clause in
            switch clause {
            case .field(let field, let conditions):
                if overUsers && field.rawValue == protectedField { return true }
                return conditions.contains(where: mentionsProtectedField)
            case .or(let alternatives):
                return alternatives.contains { mentionsProtectedField($0, overUsers: overUsers) }
            case .relatedTo:
                return false
            }
        }
    }

    private static func mentionsProtectedField(_ condition: FieldCondition) -> Bool {
        switch condition {
        case .inQuery(let subQuery), .notInQuery(let subQuery):
            return mentionsProtectedField(subQuery)
        case .select(let subQuery, let key), .dontSelect(let subQuery, let key):
            return mentionsProtectedField(subQuery) || (subQuery.className == .user && key.rawValue == protectedField)
        default:
            return false
        }
    }

    private static func mentionsProtectedField(_ subQuery: SubQuery) -> Bool {
        let overUsers = subQuery.className == .user
        return (overUsers && subQuery.order.contains(where: { $0.field.rawValue == protectedField }))
            || mentionsProtectedField(subQuery.whereQuery, overUsers: overUsers)
    }
}
