/// Prints routes to request data and matches request data back to routes, both from the route table
/// (``RouteDeclaration``): the one place that spells NCMB paths.
///
/// All functions are pure. For every route, `match(print(route)) == route`, and `endpoint(method:path:)` of the printed
/// request equals `route.endpoint`.
package enum APIRouter {
    /// The API version path segment (docs/wire/hosts-and-urls.md).
    package static let apiVersion = "2013-09-01"

    /// The script version path segment (docs/wire/hosts-and-urls.md).
    package static let scriptVersion = "2015-09-01"

    /// Every declared endpoint, in the order of `APIEndpoint.all`.
    package static var declarations: [RouteDeclaration] { APIRoute.declarations }

    /// The table the router matches with, built once.
    private static let table = RouteTable(APIRoute.declarations)

    /// Resolves a request from its method and raw path to its declaration and path parameters, before authentication
    /// (docs/wire/signature.md#request-processing-order-and-authentication-errors, steps 1 and 2). The path is split
    /// and decoded once; `ResolvedRoute.route(query:body:)` then reads the query and the body as declared.
    ///
    /// - Parameters:
    ///   - method: the HTTP method as received, e.g. `GET`.
    ///   - path: the raw path without the query, e.g. `/2013-09-01/classes/GameScore`.
    /// - Throws: 404 E404001 for a path that names no endpoint; 405 E405001 for a method the path does not allow.
    package static func resolve(method: String, path: some StringProtocol) throws(APIError) -> ResolvedRoute {
        try table.resolve(method: method, path: Substring(path))
    }

    /// Resolves the payload-free endpoint of a request from its method and raw path, before authentication.
    ///
    /// Agrees with `match(_:)`: when this throws, `match` throws the same error; when `match` succeeds, this returns the
    /// route's endpoint. `match` may still reject a request this accepts (bad body, invalid class name…).
    ///
    /// - Parameters:
    ///   - method: the HTTP method as received, e.g. `GET`.
    ///   - path: the raw path, e.g. `/2013-09-01/classes/GameScore`; anything from a `?` on is ignored.
    /// - Throws: 404 E404001 for a path that names no endpoint; 405 E405001 for a method the path does not allow.
    package static func endpoint(method: String, path: String) throws(APIError) -> APIEndpoint {
        let rawPath = path.firstIndex(of: "?").map { path[..<$0] } ?? path[...]
        return try table.resolve(method: method, path: rawPath).endpoint
    }

    /// Matches a request to its route, accepting every client encoding of
    /// docs/wire/signature.md#query-and-path-encoding-by-client-family and docs/wire/client-behaviours.md.
    ///
    /// - Paths: a trailing slash is ignored; segments may be percent-encoded or raw UTF-8; `+` in a path stays `+`.
    /// - Queries: split on `&`, empty segments dropped, names and values percent-decoded with `+` as a space. The query is
    ///   read only where the declaration reads it (collection finds, `GET /login`, the browser pages' `token`).
    /// - Bodies: read only where declared: JSON objects (an empty body reads as `{}`) or browser forms; ignored for GET,
    ///   DELETE (docs/wire/client-behaviours.md, item 9) and file uploads (multipart, streamed apart).
    ///
    /// Errors come in the order of docs/wire/signature.md#request-processing-order-and-authentication-errors: path,
    /// method, then body and query, then names.
    ///
    /// - Throws: 404 E404001 for an unknown path; 405 E405001 for a method the path does not allow; the errors of
    ///   `ResolvedRoute.route(query:body:)`.
    package static func match(_ request: RequestData) throws(APIError) -> APIRoute {
        try table.resolve(method: request.method.rawValue, path: request.path[...]).route(query: request.query, body: request.body)
    }

    /// Prints a route as the SDK sends it.
    ///
    /// The path includes the version segment and strictly percent-encodes every segment; query items are strictly
    /// percent-encoded, in the canonical order of `QueryParameters.queryItems` (sorted by name) for finds, sorted by name
    /// for the legacy login. POST and PUT bodies are compact JSON (form-encoded for the browser form posts); GET, DELETE
    /// and file uploads print no body.
    package static func print(_ route: APIRoute) -> RequestData {
        let (declaration, values) = route.declared
        return declaration.print(values)
    }
}
