/// A declared path: the version segment, then literal segments and named parameters, e.g.
/// `/2013-09-01/classes/{className}/{objectId}`.
package struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// One segment after the version.
    enum Segment: Sendable, Hashable {
        /// A fixed word such as `classes`.
        case literal(String)
        /// A parameter such as `{objectId}`, by name.
        case parameter(String)
    }

    /// The version segment, e.g. `2013-09-01`.
    let version: String
    /// The segments after the version.
    let segments: [Segment]
    /// The parameter names, in path order.
    package let parameterNames: [String]

    /// Reads a path such as `files/{fileName}` (the part after the version segment).
    init(version: String, path: String) {
        self.version = version
        self.segments = path.split(separator: "/").map { part in
            part.hasPrefix("{") && part.hasSuffix("}") ? .parameter(String(part.dropFirst().dropLast())) : .literal(String(part))
        }
        self.parameterNames = segments.compactMap { segment in
            if case .parameter(let name) = segment { name } else { nil }
        }
    }

    /// `/2013-09-01/classes/{className}/{objectId}`.
    package var description: String {
        let parts = segments.map { segment in
            switch segment {
            case .literal(let word): word
            case .parameter(let name): "{" + name + "}"
            }
        }
        return "/" + ([version] + parts).joined(separator: "/")
    }

    /// The first segment after the version when it is a literal: what the route table indexes patterns by.
    var firstLiteral: String? {
        if case .literal(let word)? = segments.first { word } else { nil }
    }

    /// The parameter values of a decoded path (the segments after the version), or `nil` when it does not fit.
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
    func print(_ values: [String: String]) -> String {
        var path = "/" + PercentEncoding.encode(version)
        for segment in segments {
            switch segment {
            case .literal(let word): path += "/" + PercentEncoding.encode(word)
            case .parameter(let name): path += "/" + PercentEncoding.encode(values[name] ?? "")
            }
        }
        return path
    }
}
