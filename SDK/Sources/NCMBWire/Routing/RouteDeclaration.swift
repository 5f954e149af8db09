/// One NCMB endpoint, declared once: method, path pattern, metric label, signing, how its body and query are carried,
/// and how a matched request becomes an ``APIRoute``.
///
/// The route table (`APIRouter.declarations`) lists every declaration. Matching (`APIRouter.resolve`), endpoint
/// resolution before authentication, the endpoint list (`APIEndpoint.all`) and printing all read it: printing takes the
/// declaration and values a route names in its one exhaustive switch (`APIRoute.declared`), so a route case without a
/// declaration does not compile, and the table-generated round-trip tests prove that each declaration reads back what
/// it prints.
package struct RouteDeclaration: RouteTableEntry, CustomStringConvertible {
    /// The method this declaration answers.
    package let method: RequestMethod
    /// The path, e.g. `/2013-09-01/classes/{className}/{objectId}`.
    package let pattern: RoutePattern
    /// The payload-free endpoint: metric label and signing.
    package let endpoint: APIEndpoint
    /// How the body travels.
    package let body: RouteBody
    /// How the query travels.
    package let query: RouteQuery
    /// Builds the route from a matched request, whose body and query were read as declared; throws for invalid path
    /// parameters (class names, file names).
    let read: @Sendable (RouteInput) throws(APIError) -> APIRoute

    /// Declares an endpoint.
    ///
    /// - Parameters:
    ///   - method: the HTTP method.
    ///   - path: the path after the version segment, with `{name}` for each parameter: `files/{fileName}`.
    ///   - name: the metric label, e.g. `files.download`.
    ///   - version: the version segment; the API version by default.
    ///   - signing: how requests are authenticated.
    ///   - body: how the body travels; `.none` by default.
    ///   - query: how the query travels; ignored by default.
    ///   - read: builds the route from a matched request.
    init(
        _ method: RequestMethod, _ path: String, name: String, version: String = APIRouter.apiVersion, signing: RouteSigning = .api,
        body: RouteBody = .none, query: RouteQuery = .ignored, read: @escaping @Sendable (RouteInput) throws(APIError) -> APIRoute
    ) {
        self.method = method
        self.pattern = RoutePattern(version: version, path: path)
        self.endpoint = APIEndpoint(name, isSigned: signing != .unsigned, isScript: signing == .script)
        self.body = body
        self.query = query
        self.read = read
    }

    /// `GET /2013-09-01/files/{fileName}`.
    package var description: String { method.rawValue + " " + pattern.description }

    /// The method, as the route table matches it.
    package var methodName: String { method.rawValue }

    /// Script calls answer their method in any case (docs/wire/endpoints/scripts.md, client behaviour 3).
    package var acceptsMethodInAnyCase: Bool { endpoint.isScript }

    /// The request for `values`: the pattern filled in and strictly percent-encoded, the query items in the given order,
    /// the body encoded as declared (nothing for `.none` and `.multipart`).
    package func print(_ values: RouteValues) -> RequestData {
        let queryText = values.query.isEmpty ? nil : QueryItem.encode(values.query)
        let bytes: [UInt8] =
            switch body {
            case .none, .multipart: []
            case .json: JSONValue.object(values.body).serializedBytes()
            case .form: Array(QueryItem.encode(APIRouter.queryItems(from: values.body)).utf8)
            }
        return RequestData(method: method, path: pattern.print(values.path), query: queryText, body: bytes)
    }
}

/// How a declared endpoint is authenticated.
package enum RouteSigning: Sendable, Hashable {
    /// The NCMB signature over an API host (docs/wire/signature.md#server-verification-procedure).
    case api
    /// The NCMB signature over a script host (docs/wire/endpoints/scripts.md).
    case script
    /// No signature: the browser-facing endpoints (docs/wire/endpoints/browser-pages.md).
    case unsigned
}

/// How a declared endpoint carries its body.
package enum RouteBody: Sendable, Hashable {
    /// No body: GET and DELETE. A body that arrives anyway is ignored (docs/wire/client-behaviours.md, item 9).
    case none
    /// A JSON object, printed compactly; an empty body reads as `{}`.
    case json
    /// A browser form (`application/x-www-form-urlencoded`) read as an object of strings; a JSON object body is read as
    /// well.
    case form
    /// A `multipart/form-data` upload that the server streams to its handler (`MultipartForm` on the client): the router
    /// neither prints nor reads it.
    case multipart

    /// The `Content-Type` of a printed body: `application/json` (NCMB's SDKs send it even on bodiless requests,
    /// docs/wire/signature.md#request-headers), the form type, or `nil` for a multipart upload, whose content type
    /// comes from `MultipartForm`.
    package var contentType: String? {
        switch self {
        case .none, .json: "application/json"
        case .form: "application/x-www-form-urlencoded"
        case .multipart: nil
        }
    }
}

/// How a declared endpoint carries its query.
package enum RouteQuery: Sendable, Hashable {
    /// Not read: a query sent anyway is ignored (it still counts for the signature).
    case ignored
    /// The query parameters of a collection find (`QueryParameters`).
    case parameters
    /// Decoded name/value pairs in wire order.
    case items
}

/// What a route prints: path parameter values by name, query items in order, the body object.
package struct RouteValues: Sendable, Hashable {
    /// The path parameter values by name.
    package var path: [String: String]
    /// The query items, in the order printed.
    package var query: [QueryItem]
    /// The body object (printed only for `.json` and `.form` bodies).
    package var body: JSONObject

    /// Creates values; every part defaults to empty.
    package init(path: [String: String] = [:], query: [QueryItem] = [], body: JSONObject = [:]) {
        self.path = path
        self.query = query
        self.body = body
    }
}

/// A matched request as a declaration's reader sees it: path parameters, and the body and query read as declared.
struct RouteInput {
    /// The decoded path parameters, in the order of the pattern's parameter names.
    let parameters: [String]
    /// The pattern they were matched with.
    let pattern: RoutePattern
    /// The body object (`[:]` for `.none` and `.multipart`).
    let body: JSONObject
    /// The query parameters (`.parameters` only; the defaults otherwise).
    let queryParameters: QueryParameters
    /// The query items (`.items` only; empty otherwise).
    let queryItems: [QueryItem]

    /// The decoded value of parameter `name`.
    ///
    /// - Throws: E500001 when the pattern has no such parameter: a declaration that reads a name its path lacks, which
    ///   the table's round-trip tests rule out.
    func parameter(_ name: String) throws(APIError) -> String {
        guard let index = pattern.parameterNames.firstIndex(of: name) else {
            throw APIError(.systemError)
        }
        return parameters[index]
    }

    /// A file name parameter that cannot escape a directory or break a header: no `/` or `\`, not `.` or `..`, no
    /// control characters. Object ids need no such check: storage never uses them as paths.
    ///
    /// - Throws: E400002 `"<name> is invalid."` for an unsafe value.
    func safeName(_ name: String) throws(APIError) -> String {
        try Self.safe(try parameter(name), name: name)
    }

    /// `value` when it is a safe name (see ``safeName(_:)``).
    ///
    /// - Throws: E400002 `"<name> is invalid."` for an unsafe value.
    static func safe(_ value: String, name: String) throws(APIError) -> String {
        let isSafe =
            value != "." && value != ".."
            && value.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "\\") }
        guard isSafe else { throw APIError(.invalidType, name) }
        return value
    }

    /// The first value of query item `name`, or `nil` when the query has none.
    func firstQueryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }
}
