import NCMBWire

/// Refuses file queries that touch the hidden `blobId` field (a condition or an order on it, also inside `$or` and
/// inside sub-queries over files): it is storage bookkeeping, never part of the wire (wire spec §5.5 lists the six
/// metadata fields), so no query may compare against it.
enum FileQueryGuard {
    /// The field queries may not touch.
    static let protectedField = "blobId"

    /// - Throws: 400 E400002 `"blobId is invalid."` when `parameters` of `GET /files` mention `blobId` in `where` or
    ///   `order`, or a sub-query over files does.
    static func check(_ parameters: QueryParameters) throws(KumoError) {
        guard !parameters.order.contains(where: { $0.field.rawValue == protectedField }),
            !mentionsProtectedField(parameters.whereQuery, overFiles: true)
        else { throw KumoError(.invalidType, protectedField) }
    }

    private static func mentionsProtectedField(_ query: WhereQuery, overFiles: Bool) -> Bool {
        query.clauses.contains { clause in
            switch clause {
            case .field(let field, let conditions):
                if overFiles && field.rawValue == protectedField { return true }
                return conditions.contains(where: mentionsProtectedField)
            case .or(let alternatives):
                return alternatives.contains { mentionsProtectedField($0, overFiles: overFiles) }
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
            return mentionsProtectedField(subQuery) || (subQuery.className == .file && key.rawValue == protectedField)
        default:
            return false
        }
    }

    private static func mentionsProtectedField(_ subQuery: SubQuery) -> Bool {
        let overFiles = subQuery.className == .file
        return (overFiles && subQuery.order.contains(where: { $0.field.rawValue == protectedField }))
            || mentionsProtectedField(subQuery.whereQuery, overFiles: overFiles)
    }
}
