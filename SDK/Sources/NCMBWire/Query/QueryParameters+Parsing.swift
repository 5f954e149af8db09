extension QueryParameters {
    /// Reads the query parameters of a collection GET from percent-decoded name/value pairs
    /// (docs/wire/endpoints/queries.md).
    ///
    /// `where` is JSON text; `order`, `include` and `keys` are comma-separated (spaces around items and empty items are
    /// ignored); `include` items are dotted pointer paths such as `post.author`; `order` and `keys` items may be dotted paths
    /// (`hash.n`), and a dotted `keys` item keeps its whole top-level field. An empty value means the parameter is
    /// absent, unknown names are ignored, and when a name repeats the last value wins.
    ///
    /// - Parameter queryItems: The pairs in the order received.
    /// - Throws: E400001 `"JSON is invalid format."` when `where` is not JSON; the errors of `WhereQuery(parsing:)`;
    ///   E400002 `"<item> is invalid."` for an invalid `order`, `include` or `keys` item; E400005
    ///   `"limit is not a valid value."` for a `limit` that is not an integer in 0…1000, `"skip is not a valid value."`
    ///   for a `skip` that is not an integer ≥ 0, `"count is not a valid value."` for a `count` other than `0` or `1`.
    package init(queryItems: [(name: String, value: String)]) throws(APIError) {
        var values: [String: String] = [:]
        for (name, value) in queryItems { values[name] = value }
        self.init()
        if let text = values["where"], !text.isEmpty {
            let json: JSONValue
            do {
                json = try JSONValue(parsing: text)
            } catch {
                throw APIError(.invalidJson)
            }
            whereQuery = try WhereQuery(parsing: json)
        }
        if let text = values["order"], !text.isEmpty {
            order = try SortKey.parseList(text)
        }
        if let text = values["limit"], !text.isEmpty {
            guard let limit = Int(text), (0...QueryParameters.maximumLimit).contains(limit) else {
                throw APIError(.invalidValue, "limit")
            }
            self.limit = limit
        }
        if let text = values["skip"], !text.isEmpty {
            guard let skip = Int(text), skip >= 0 else { throw APIError(.invalidValue, "skip") }
            self.skip = skip
        }
        if let text = values["count"], !text.isEmpty {
            switch text {
            case "1": includesCount = true
            case "0": includesCount = false
            default: throw APIError(.invalidValue, "count")
            }
        }
        if let text = values["include"], !text.isEmpty {
            let paths = QueryParameters.listItems(text)
            guard paths.count <= QueryParameters.maximumIncludePathCount else { throw APIError(.invalidValue, "include") }
            include = try paths.map { path throws(APIError) in try QueryParameters.includePath(path) }
            guard include.allSatisfy({ $0.count <= QueryParameters.maximumIncludeDepth }) else {
                throw APIError(.invalidValue, "include")
            }
        }
        if let text = values["keys"], !text.isEmpty {
            let names = QueryParameters.listItems(text)
            guard names.count <= QueryParameters.maximumKeyCount else { throw APIError(.invalidValue, "keys") }
            // Only separators (`keys=,`, `keys=%20`) name no field: the same as an empty `keys`, every field (found by
            // the fuzz targets of issue 16: `[]` would have returned objects without their fields, and printed back
            // as no `keys` at all).
            keys = names.isEmpty ? nil : try QueryParameters.keyFields(names)
        }
    }

    /// The parameters as name/value pairs (not percent-encoded), sorted by name; absent parameters are omitted.
    ///
    /// `count` is written only when true, as `1`; `where` is the compact JSON of `whereQuery.json` and is omitted for
    /// an empty query; `keys` is omitted when empty, as an empty value reads back as absent.
    package var queryItems: [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        if includesCount { items.append(("count", "1")) }
        if !include.isEmpty {
            items.append(("include", include.map { $0.map(\.rawValue).joined(separator: ".") }.joined(separator: ",")))
        }
        if let keys, !keys.isEmpty { items.append(("keys", keys.map(\.rawValue).joined(separator: ","))) }
        if let limit { items.append(("limit", String(limit))) }
        if !order.isEmpty { items.append(("order", SortKey.listText(order))) }
        if let skip { items.append(("skip", String(skip))) }
        if !whereQuery.isEmpty { items.append(("where", whereQuery.json.serializedString())) }
        return items
    }

    /// The non-empty comma-separated items of an `order`, `include` or `keys` value, without surrounding spaces.
    static func listItems(_ text: String) -> [String] {
        text.split(separator: ",").compactMap { item in
            guard let first = item.firstIndex(where: { $0 != " " }), let last = item.lastIndex(where: { $0 != " " }) else {
                return nil
            }
            return String(item[first...last])
        }
    }

    /// The fields `keys` keeps: a dotted item (`hash.a`) keeps its whole top-level field (`hash`), once
    /// (docs/decisions/0104-dotted-paths.md).
    private static func keyFields(_ names: [String]) throws(APIError) -> [FieldName] {
        var fields: [FieldName] = []
        for name in names {
            let field = try FieldPath(validating: name).root
            if !fields.contains(field) { fields.append(field) }
        }
        return fields
    }

    /// One `include` item: a dotted path of field names.
    private static func includePath(_ path: String) throws(APIError) -> [FieldName] {
        var names: [FieldName] = []
        for segment in path.split(separator: ".", omittingEmptySubsequences: false) {
            guard let name = FieldName(String(segment)) else { throw APIError(.invalidType, path) }
            names.append(name)
        }
        return names
    }
}
