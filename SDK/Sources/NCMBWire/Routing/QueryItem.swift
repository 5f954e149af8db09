/// One `name=value` pair of a query string or form body, percent-decoded.
package struct QueryItem: Sendable, Hashable {
    /// The decoded name.
    package var name: String
    /// The decoded value; empty when the pair had no `=`.
    package var value: String

    /// Creates a pair.
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// The pair as `QueryParameters(queryItems:)` takes it.
    package var tuple: (name: String, value: String) { (name, value) }
}

extension QueryItem {
    /// Reads a raw query string or form body: split on `&`, empty segments dropped, each split at the first `=`, then
    /// percent-decoded with `+` as a space (form encoding, as Android sends it;
    /// docs/wire/signature.md#query-and-path-encoding-by-client-family).
    ///
    /// - Throws: E400004 `"<name> is invalid format."` when a name or value does not decode to UTF-8.
    package static func parse(_ raw: String) throws(APIError) -> [QueryItem] {
        var items: [QueryItem] = []
        for segment in raw.split(separator: "&", omittingEmptySubsequences: true) {
            let rawName: Substring
            let rawValue: Substring
            if let equals = segment.firstIndex(of: "=") {
                rawName = segment[..<equals]
                rawValue = segment[segment.index(after: equals)...]
            } else {
                rawName = segment
                rawValue = ""
            }
            guard let name = PercentEncoding.decode(rawName, plusAsSpace: true) else {
                throw APIError(.invalidFormat, String(rawName))
            }
            guard let value = PercentEncoding.decode(rawValue, plusAsSpace: true) else {
                throw APIError(.invalidFormat, name)
            }
            items.append(QueryItem(name: name, value: value))
        }
        return items
    }

    /// Prints pairs strictly percent-encoded (`PercentEncoding.encode`), joined by `&`, in the given order.
    package static func encode(_ items: [QueryItem]) -> String {
        items.map { PercentEncoding.encode($0.name) + "=" + PercentEncoding.encode($0.value) }.joined(separator: "&")
    }
}
