/// What a ``RouteTable`` holds: a declaration with a method and a path pattern.
package protocol RouteTableEntry: Sendable {
    /// The method it answers, upper case (`GET`, `PATCH`…).
    var methodName: String { get }
    /// Its path.
    var pattern: RoutePattern { get }
    /// Whether it also answers its method spelled in another case (`get`, `Post`: script calls,
    /// docs/wire/endpoints/scripts.md).
    var acceptsMethodInAnyCase: Bool { get }
}

/// Declarations prepared for matching: grouped by path pattern, the patterns indexed by prefix, segment count and first
/// segment, so a request path is split and decoded once and compared with a handful of patterns at most. The NCMB
/// route table (`APIRouter`) and the dashboard's admin API are each one.
package struct RouteTable<Entry: RouteTableEntry>: Sendable {
    /// The declarations of one path, one per method.
    struct PathEntry: Sendable {
        let pattern: RoutePattern
        var entries: [Entry]
    }

    /// What a path is looked up by.
    struct Key: Hashable, Sendable {
        let prefix: String
        let count: Int
        let first: String
    }

    /// What a lookup found.
    package enum Lookup: Sendable {
        /// The declaration of the path and method, and the path's parameters in pattern order.
        case found(Entry, parameters: [String])
        /// Declared paths fit, but none for this method.
        case methodNotAllowed
        /// No declared path fits.
        case notFound
    }

    private var entries: [Key: [PathEntry]] = [:]

    /// Indexes `declarations`; declarations with the same pattern share an entry. Where two patterns fit the same path
    /// (`scripts/executions` and `scripts/{name}`), the one declared first is tried first.
    package init(_ declarations: [Entry]) {
        for declaration in declarations {
            let pattern = declaration.pattern
            let key = Key(prefix: pattern.prefixKey, count: pattern.segments.count, first: pattern.firstLiteral ?? "")
            if let index = entries[key]?.firstIndex(where: { $0.pattern == pattern }) {
                entries[key]?[index].entries.append(declaration)
            } else {
                entries[key, default: []].append(PathEntry(pattern: pattern, entries: [declaration]))
            }
        }
    }

    /// Looks up decoded path segments: `prefix` (its segments joined by `/`: `2013-09-01`, `dashboard/api`), then
    /// `resource` (the segments after it, whose first must be a literal of the pattern).
    ///
    /// The first pattern that fits the path and declares the method answers; when patterns fit but none declares the
    /// method, ``Lookup/methodNotAllowed``.
    package func lookup(method: String, prefix: String, resource: ArraySlice<String>) -> Lookup {
        guard let first = resource.first else { return .notFound }
        var fitsPath = false
        for entry in entries[Key(prefix: prefix, count: resource.count, first: first)] ?? [] {
            guard let parameters = entry.pattern.parameters(of: resource) else { continue }
            fitsPath = true
            if let declaration = Self.declaration(in: entry, method: method) { return .found(declaration, parameters: parameters) }
        }
        return fitsPath ? .methodNotAllowed : .notFound
    }

    /// The declaration of `entry` for `method`: methods match exactly, or in any case for entries that accept it.
    private static func declaration(in entry: PathEntry, method: String) -> Entry? {
        if let declaration = entry.entries.first(where: { $0.methodName == method }) { return declaration }
        let upperCased = method.uppercased()
        return entry.entries.first { $0.acceptsMethodInAnyCase && $0.methodName == upperCased }
    }
}

extension RouteTable where Entry == RouteDeclaration {
    /// Resolves a raw NCMB path and a method to a declaration and its path parameters.
    ///
    /// A single trailing slash is ignored (docs/wire/client-behaviours.md, item 7). Segments are percent-decoded
    /// without reading `+` as a space, so raw UTF-8 and `%XX` forms of a file name give the same name.
    ///
    /// - Throws: 404 E404001 for a path that names no endpoint, including segments that are empty or do not decode to
    ///   UTF-8; 405 E405001 for a method the path does not allow.
    func resolve(method: String, path: Substring) throws(APIError) -> ResolvedRoute {
        let segments = try Self.decodedSegments(of: path)
        guard segments.count > 1 else { throw APIError(.noDataAvailable) }
        switch lookup(method: method, prefix: segments[0], resource: segments[1...]) {
        case .found(let declaration, let parameters): return ResolvedRoute(declaration: declaration, parameters: parameters)
        case .methodNotAllowed: throw APIError(.methodNotAllowed)
        case .notFound: throw APIError(.noDataAvailable)
        }
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
