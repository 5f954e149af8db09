internal import NCMBWire

extension NCMBQuery {
    /// The validated parameters of `find`: where, order, skip, limit, include and keys.
    ///
    /// - Throws: the first invalid input of a condition; ``NCMBInvalidRequestError/invalidLimit``,
    ///   ``NCMBInvalidRequestError/invalidSkip`` or ``NCMBInvalidRequestError/invalidFieldName`` (order, include,
    ///   keys); the ``NCMBApiError`` the server would send for a `where` it rejects, or for too many `include` paths,
    ///   `include` segments or `keys`.
    func findParameters() throws -> QueryParameters {
        var parameters = QueryParameters(whereQuery: try whereQuery())
        if let limit {
            guard (1...QueryParameters.maximumLimit).contains(limit) else { throw NCMBInvalidRequestError.invalidLimit }
            parameters.limit = limit
        }
        if let skip {
            guard skip >= 0 else { throw NCMBInvalidRequestError.invalidSkip }
            parameters.skip = skip
        }
        parameters.order = try sortKeys()
        parameters.include = try includePaths()
        parameters.keys = try projectedKeys()
        return parameters
    }

    /// ``include`` as pointer paths, within the limits the server applies (docs/wire/limits.md).
    private func includePaths() throws -> [[FieldName]] {
        guard include.count <= QueryParameters.maximumIncludePathCount else {
            throw NCMBApiError(APIError(.invalidValue, "include"))
        }
        return try include.map { path in
            let segments = path.split(separator: ".", omittingEmptySubsequences: false)
            guard segments.count <= QueryParameters.maximumIncludeDepth else {
                throw NCMBApiError(APIError(.invalidValue, "include"))
            }
            return try segments.map { segment throws(NCMBInvalidRequestError) in
                guard let name = FieldName(String(segment)) else { throw .invalidFieldName }
                return name
            }
        }
    }

    /// ``keys`` as field names; `nil` (every field) when empty.
    private func projectedKeys() throws -> [FieldName]? {
        guard !keys.isEmpty else { return nil }
        guard keys.count <= QueryParameters.maximumKeyCount else { throw NCMBApiError(APIError(.invalidValue, "keys")) }
        return try keys.map { key throws(NCMBInvalidRequestError) in
            guard let name = FieldName(key) else { throw .invalidFieldName }
            return name
        }
    }

    /// The parameters of `count`: the same `where`, with `count=1` and `limit=0` (ncmb_swift's `createCountQuery`).
    func countParameters() throws -> QueryParameters {
        QueryParameters(whereQuery: try whereQuery(), limit: 0, includesCount: true)
    }

    /// The conditions, validated as the server validates them.
    func whereQuery() throws -> WhereQuery {
        if let invalidInput { throw invalidInput }
        do {
            return try WhereQuery(parsing: .object(whereItems))
        } catch {
            throw NCMBApiError(error)
        }
    }

    /// ``order`` as sort keys.
    private func sortKeys() throws(NCMBInvalidRequestError) -> [SortKey] {
        var keys: [SortKey] = []
        for item in order {
            guard let key = try? SortKey(parsing: item) else { throw .invalidFieldName }
            keys.append(key)
        }
        return keys
    }

    /// The query as a sub-query of `$inQuery` or `$select`: class name, where, and paging when set.
    ///
    /// ncmb_swift sends `limit`, `skip` and `order` of a sub-query when they are set (docs/wire/query-operators.md).
    var subQueryJSON: JSONValue {
        var object: JSONObject = ["className": .string(className)]
        if !whereItems.isEmpty { object["where"] = .object(whereItems) }
        if let limit { object["limit"] = .integer(Int64(limit)) }
        if let skip { object["skip"] = .integer(Int64(skip)) }
        if !order.isEmpty { object["order"] = .string(order.joined(separator: ",")) }
        return .object(object)
    }
}
