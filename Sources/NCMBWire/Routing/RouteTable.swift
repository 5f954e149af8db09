/// The route table prepared for matching: declarations grouped by path pattern, the patterns indexed by version,
/// segment count and first segment, so a request path is split and decoded once and compared with a handful of
/// patterns at most.
struct RouteTable: Sendable {
    /// The declarations of one path, one per method.
    struct PathEntry: Sendable {
        let pattern: RoutePattern
        var declarations: [RouteDeclaration]
    }

    /// What a path is looked up by.
    struct Key: Hashable, Sendable {
        let version: String
        let count: Int
        let first: String
    }

    private var entries: [Key: [PathEntry]] = [:]

    /// Indexes `declarations`; declarations with the same pattern share an entry.
    init(_ declarations: [RouteDeclaration]) {
        for declaration in declarations {
            let pattern = declaration.pattern
            let key = Key(version: pattern.version, count: pattern.segments.count, first: pattern.firstLiteral ?? "")
            if let index = entries[key]?.firstIndex(where: { $0.pattern == pattern }) {
                entries[key]?[index].declarations.append(declaration)
            } else {
                entries[key, default: []].append(PathEntry(pattern: pattern, declarations: [declaration]))
            }
        }
    }

    /// Resolves a raw path and a method to a declaration and its path parameters.
    ///
    /// A single trailing slash is ignored (docs/wire/client-behaviours.md, item 7). Segments are percent-decoded
    /// without reading `+` as a space, so raw UTF-8 and `%XX` forms of a file name give the same name.
    ///
    /// - Throws: 404 E404001 for a path that names no endpoint, including segments that are empty or do not decode to
    ///   UTF-8; 405 E405001 for a method the path does not allow.
    func resolve(method: String, path: Substring) throws(APIError) -> ResolvedRoute {
        let segments = try Self.decodedSegments(of: path)
        guard segments.count > 1 else { throw APIError(.noDataAvailable) }
        let resource = segments[1...]
        let key = Key(version: segments[0], count: resource.count, first: resource[resource.startIndex])
        for entry in entries[key] ?? [] {
            guard let parameters = entry.pattern.parameters(of: resource) else { continue }
            guard let declaration = Self.declaration(in: entry, method: method) else { throw APIError(.methodNotAllowed) }
            return ResolvedRoute(declaration: declaration, parameters: parameters)
        }
        throw APIError(.noDataAvailable)
    }

    /// The declaration of `entry` for `method`: API methods match exactly, script methods in any case (scripts are
    /// called with `get`, `Post`… by some clients, docs/wire/endpoints/scripts.md).
    private static func declaration(in entry: PathEntry, method: String) -> RouteDeclaration? {
        if let requestMethod = RequestMethod(rawValue: method),
            let declaration = entry.declarations.first(where: { $0.method == requestMethod })
        {
            return declaration
        }
        let upperCased = method.uppercased()
        return entry.declarations.first { $0.endpoint.isScript && $0.method.rawValue == upperCased }
    }

    /// The percent-decoded segments of a path that starts with `/`, a single trailing slash dropped.
    private static func decodedSegments(of path: Substring) throws(APIError) -> [String] {
        guard path.hasPrefix("/") else { throw APIError(.noDataAvailable) }
        var rawSegments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        if rawSegments.count > 1, rawSegments.last?.isEmpty == true { rawSegments.removeLast() }
        var segments: [String] = []
        segments.reserveCapacity(rawSegments.count)
        for rawSegment in rawSegments {
            guard !rawSegment.isEmpty, let segment = PercentEncoding.decode(rawSegment) else { throw APIError(.noDataAvailable) }
            segments.append(segment)
        }
        return segments
    }
}

/// A request resolved to its declaration and path parameters: the endpoint is known (for authentication and metrics)
/// before the body is read; ``route(query:body:)`` then reads query and body as declared.
package struct ResolvedRoute: Sendable {
    /// The declaration that answers the request.
    package let declaration: RouteDeclaration
    /// The decoded path parameters, in pattern order.
    let parameters: [String]

    /// The payload-free endpoint.
    package var endpoint: APIEndpoint { declaration.endpoint }

    /// Reads the query and the body as the declaration says and builds the route.
    ///
    /// Errors come in the order of docs/wire/signature.md#request-processing-order-and-authentication-errors: body and
    /// query first, then names in the path.
    ///
    /// - Parameters:
    ///   - query: the raw query, without `?`; `nil` when the request has none.
    ///   - body: the body bytes; ignored unless the declaration reads a JSON or form body.
    /// - Throws: 400 E400001 for a JSON body that is not an object; the errors of `QueryItem.parse` and
    ///   `QueryParameters(queryItems:)`; the declaration's errors for its path parameters (E400002 for an invalid class
    ///   or file name, 403 E403003 for a standard class under `/classes`).
    package func route(query: String?, body: [UInt8]) throws(APIError) -> APIRoute {
        let object: JSONObject =
            switch declaration.body {
            case .none, .multipart: [:]
            case .json: try APIRouter.jsonObject(fromBody: body)
            case .form: try APIRouter.formFields(fromBody: body)
            }
        var parameters = QueryParameters()
        var items: [QueryItem] = []
        switch declaration.query {
        case .ignored: break
        case .parameters: parameters = try QueryParameters(queryItems: (query.map(QueryItem.parse) ?? []).map(\.tuple))
        case .items: items = try query.map(QueryItem.parse) ?? []
        }
        let input = RouteInput(
            parameters: self.parameters, pattern: declaration.pattern, body: object, queryParameters: parameters, queryItems: items)
        return try declaration.read(input)
    }
}
