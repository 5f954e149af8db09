import KumoSeams
import NCMBWire

/// Fields stored in objects that no query may touch: `authData` of users (comparing it against guesses reveals provider
/// ids, and an anonymous id is a login credential) and `blobId` of files (storage bookkeeping, never on the wire,
/// docs/wire/endpoints/files.md). One rule for every entry point — `/classes`, `/users`, `/roles`, `/installations`,
/// `/push`, `/files` and a push's `searchCondition` — so a new hidden field is one line in ``hiddenFields``.
///
/// A query may not have a condition or an order on a hidden field (or a dotted path into one) of the class it runs over;
/// sub-queries
/// (`$inQuery`, `$notInQuery`, `$select`, `$dontSelect`, also inside `$or`) are checked against their own class from
/// any class, and `$select`/`$dontSelect` may not take their key from a hidden field.
enum HiddenFieldGuard {
    /// A field of one class that queries may not touch.
    struct HiddenField: Sendable {
        /// The class that holds the field.
        var className: ClassName
        /// The field.
        var field: String
    }

    /// Every hidden field.
    static let hiddenFields = [
        HiddenField(className: .user, field: StandardField.User.authData.rawValue),
        HiddenField(className: .file, field: StandardField.File.blobId.rawValue),
        // A push's sender and delivery errors name users and installations the reader may not read
        // (docs/decisions/0062-push-delivery-with-the-sender-access.md).
        HiddenField(className: .push, field: StandardField.Push.sender.rawValue),
        HiddenField(className: .push, field: StandardField.Push.error.rawValue),
    ]

    /// - Throws: 400 E400002 `"<field> is invalid."` when a query over `queryClass` touches a hidden field.
    static func check(_ parameters: QueryParameters, queryClass: ClassName) throws(KumoError) {
        for hidden in hiddenFields {
            let ordersByHidden = queryClass == hidden.className && parameters.order.contains { $0.field.root.rawValue == hidden.field }
            if ordersByHidden || mentions(hidden, in: parameters.whereQuery, over: queryClass) {
                throw KumoError(.invalidType, hidden.field)
            }
        }
    }

    /// - Throws: 400 E400002 `"<field> is invalid."` when a `where` over `queryClass` touches a hidden field.
    static func check(_ whereQuery: WhereQuery, queryClass: ClassName) throws(KumoError) {
        try check(QueryParameters(whereQuery: whereQuery), queryClass: queryClass)
    }

    private static func mentions(_ hidden: HiddenField, in query: WhereQuery, over className: ClassName) -> Bool {
        query.clauses.contains { clause in
            switch clause {
            case .field(let field, let conditions):
                if className == hidden.className && field.root.rawValue == hidden.field { return true }
                return conditions.contains { mentions(hidden, in: $0) }
            case .or(let alternatives), .and(let alternatives):
                return alternatives.contains { mentions(hidden, in: $0, over: className) }
            case .relatedTo:
                return false
            }
        }
    }

    private static func mentions(_ hidden: HiddenField, in condition: FieldCondition) -> Bool {
        switch condition {
        case .inQuery(let subQuery), .notInQuery(let subQuery):
            return mentions(hidden, in: subQuery)
        case .select(let subQuery, let key), .dontSelect(let subQuery, let key):
            return mentions(hidden, in: subQuery) || (subQuery.className == hidden.className && key.root.rawValue == hidden.field)
        default:
            return false
        }
    }

    private static func mentions(_ hidden: HiddenField, in subQuery: SubQuery) -> Bool {
        (subQuery.className == hidden.className && subQuery.order.contains { $0.field.root.rawValue == hidden.field })
            || mentions(hidden, in: subQuery.whereQuery, over: subQuery.className)
    }
}
