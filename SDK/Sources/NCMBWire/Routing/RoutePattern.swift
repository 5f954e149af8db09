/// A declared path: literal prefix segments (the version segment of an NCMB path, `2013-09-01`; the mount of another
/// table, `dashboard/api`), then literal segments and named parameters, e.g. `/2013-09-01/classes/{className}/{objectId}`.
package struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// One segment after the prefix.
    package enum Segment: Sendable, Hashable {
        /// A fixed word such as `classes`.
        case literal(String)
        /// A parameter such as `{objectId}`, by name.
        case parameter(String)
    }

    /// The segments before the declared path: `["2013-09-01"]`, `["dashboard", "api"]`.
    package let prefix: [String]
    /// The prefix segments joined by `/` (`2013-09-01`, `dashboard/api`): what the route table indexes patterns by.
    let prefixKey: String
    /// The segments after the prefix.
    package let segments: [Segment]
    /// The parameter names, in path order.
    package let parameterNames: [String]

    /// Reads a path such as `files/{fileName}` (the part after the prefix).
    package init(prefix: [String], path: String) {
        self.prefix = prefix
        self.prefixKey = prefix.joined(separator: "/")
        self.segments = path.split(separator: "/").map { part in
            part.hasPrefix("{") && part.hasSuffix("}") ? .parameter(String(part.dropFirst().dropLast())) : .literal(String(part))
        }
        self.parameterNames = segments.compactMap { segment in
            if case .parameter(let name) = segment { name } else { nil }
        }
    }

    /// Reads an NCMB path such as `files/{fileName}` (the part after the version segment).
    init(version: String, path: String) {
        self.init(prefix: [version], path: path)
    }

    /// `/2013-09-01/classes/{className}/{objectId}`.
    package var description: String {
        "/" + (prefix + pathParts).joined(separator: "/")
    }

    /// The path after the prefix as declared: `classes/{className}/{objectId}`.
    package var path: String { pathParts.joined(separator: "/") }

    /// The segments after the prefix as declared, each literal or `{name}`.
    private var pathParts: [String] {
        segments.map { segment in
            switch segment {
            case .literal(let word): word
            case .parameter(let name): "{" + name + "}"
            }
        }
    }

    /// The first segment after the prefix when it is a literal: what the route table indexes patterns by.
    var firstLiteral: String? {
        if case .literal(let word)? = segments.first { word } else { nil }
    }

    /// The parameter values of a decoded path (the segments after the prefix), or `nil` when it does not fit.
    func parameters(of resource: ArraySlice<String>) -> [String]? {
        guard resource.count == segments.count else { return nil }
        var values: [String] = []
        values.reserveCapacity(parameterNames.count)
        for (segment, value) in zip(segments, resource) {
            switch segment {
            case .literal(let word): guard word == value else { return nil }
            case .parameter: values.append(value)
            }
        }
        return values
    }

    /// The path for `values` (by parameter name): `/` followed by the strictly percent-encoded segments joined by `/`.
    package func print(_ values: [String: String]) -> String {
        var path = ""
        for word in prefix { path += "/" + PercentEncoding.encode(word) }
        for segment in segments {
            switch segment {
            case .literal(let word): path += "/" + PercentEncoding.encode(word)
            case .parameter(let name): path += "/" + PercentEncoding.encode(values[name] ?? "")
            }
        }
        return path
    }
}
