extension SortKey {
    /// Reads one key of an `order` parameter: `points` (ascending) or `-points` (descending), also a dotted path such
    /// as `-hash.n` (docs/wire/endpoints/queries.md, docs/decisions/0104-dotted-paths.md).
    ///
    /// - Parameter text: The key as sent, without surrounding spaces.
    /// - Throws: E400002 `"<text> is invalid."` when what follows the optional `-` is not a valid field or path.
    package init(parsing text: String) throws(APIError) {
        let isDescending = text.hasPrefix("-")
        guard let field = FieldPath(String(isDescending ? text.dropFirst() : text[...])) else {
            throw APIError(.invalidType, text)
        }
        self.init(field: field, isDescending: isDescending)
    }

    /// The key as an `order` parameter writes it: `points` or `-points`.
    package var text: String { isDescending ? "-" + field.text : field.text }

    /// Reads a comma-separated `order` value such as `score,-createDate`.
    ///
    /// Spaces around each key are ignored (some clients write `, `), and so are empty keys, so `a,` reads as `a`.
    ///
    /// - Parameter list: The percent-decoded value.
    /// - Returns: The keys in the order given.
    /// - Throws: E400002 `"<key> is invalid."` for the first key that is not valid; E400005 `"order is not a valid value."`
    ///   for more than ``QueryParameters/maximumOrderFieldCount`` keys (docs/wire/limits.md).
    package static func parseList(_ list: String) throws(APIError) -> [SortKey] {
        let items = QueryParameters.listItems(list)
        guard items.count <= QueryParameters.maximumOrderFieldCount else { throw APIError(.invalidValue, "order") }
        var keys: [SortKey] = []
        for item in items { keys.append(try SortKey(parsing: item)) }
        return keys
    }

    /// The keys as one `order` value: `score,-createDate`.
    package static func listText(_ keys: [SortKey]) -> String { keys.map(\.text).joined(separator: ",") }
}
