internal import NCMBWire

extension NCMBQuery {
    /// Creates a query that matches the objects any of the given queries match (`$or`).
    ///
    /// Only the conditions of the queries are combined; the result has no ``order``, ``skip`` or ``limit``.
    ///
    /// - Parameters:
    ///   - mainQuery: The first query; its class is searched.
    ///   - subQueries: The other queries.
    /// - Returns: The combined query.
    public static func orQuery(_ mainQuery: NCMBQuery, _ subQueries: NCMBQuery...) -> NCMBQuery {
        var query = NCMBQuery(className: mainQuery.className, collection: mainQuery.collection, context: mainQuery.context)
        let queries = [mainQuery] + subQueries
        for part in queries { if let invalidInput = part.invalidInput { query.reject(invalidInput) } }
        query.whereItems = ["$or": .array(queries.map { .object($0.whereItems) })]
        return query
    }

    /// Adds the condition "the field's value equals `otherKey` of some object that `query` finds" (`$select`).
    ///
    /// - Parameters:
    ///   - field: The field of this query's objects.
    ///   - otherKey: The field of the sub-query's objects.
    ///   - query: The sub-query; its ``limit``, ``skip`` and ``order`` apply when set.
    public mutating func `where`(field: String, matchesKey otherKey: String, inQuery query: NCMBQuery) {
        if let invalidInput = query.invalidInput { reject(invalidInput) }
        guard FieldName.isValid(otherKey) else { return reject(.invalidFieldName) }
        addOperation(field: field, operation: "$select", json: ["query": query.subQueryJSON, "key": .string(otherKey)])
    }

    /// Adds the condition "the Pointer field points at an object that `query` finds" (`$inQuery`).
    ///
    /// - Parameters:
    ///   - field: The Pointer field.
    ///   - query: The sub-query over the class pointed at; its ``limit``, ``skip`` and ``order`` apply when set.
    public mutating func `where`(field: String, matchesQuery query: NCMBQuery) {
        if let invalidInput = query.invalidInput { reject(invalidInput) }
        addOperation(field: field, operation: "$inQuery", json: query.subQueryJSON)
    }

    /// Restricts the query to the members of a Relation field of one object (`$relatedTo`).
    ///
    /// - Parameters:
    ///   - targetClassName: The class of the object holding the relation.
    ///   - objectId: The objectId of the object holding the relation.
    ///   - key: The Relation field.
    public mutating func relatedTo(targetClassName: String, objectId: String, key: String) {
        guard FieldName.isValid(key) else { return reject(.invalidFieldName) }
        guard let owner = encoded(NCMBPointer(className: targetClassName, objectId: objectId)) else { return }
        whereItems["$relatedTo"] = ["object": owner, "key": .string(key)]
    }
}
