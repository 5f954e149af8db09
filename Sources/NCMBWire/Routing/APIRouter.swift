/// Prints routes to request data and matches request data back to routes: the one place that spells NCMB paths.
///
/// All functions are pure. For every route, `match(print(route)) == route`, and `endpoint(method:path:)` of the printed
/// request equals `route.endpoint`.
package enum APIRouter {
    /// The API version path segment (wire spec §2).
    package static let apiVersion = "2013-09-01"

    /// The script version path segment (wire spec §2).
    package static let scriptVersion = "2015-09-01"

    /// Resolves the payload-free endpoint of a request from its method and raw path, before authentication (wire spec
    /// §3.9 steps 1 and 2).
    ///
    /// Agrees with `match(_:)`: when this throws, `match` throws the same error; when `match` succeeds, this returns the
    /// route's endpoint. `match` may still reject a request this accepts (bad body, invalid class name…).
    ///
    /// - Parameters:
    ///   - method: the HTTP method as received, e.g. `GET`.
    ///   - path: the raw path, e.g. `/2013-09-01/classes/GameScore`; anything from a `?` on is ignored.
    /// - Throws: 404 E404001 for a path that names no endpoint; 405 E405001 for a method the path does not allow.
    package static func endpoint(method: String, path: String) throws(APIError) -> APIEndpoint {
        let rawPath = path.firstIndex(of: "?").map { String(path[..<$0]) } ?? path
        return try RoutePath(path: rawPath).endpoint(for: RequestMethod(rawValue: method))
    }
}
