package import HTTPTypes
package import NCMBWire

/// One route of the dashboard, declared once: method, path, the query items it reads, the name of its builder in the
/// web app's `routes.js`, and how a matched request becomes a route (docs/decisions/0109-dashboard-routes-declared-once.md).
///
/// Matching (``DashboardRoute/match(method:path:query:)``, through NCMB's `RouteTable`), printing (``print(_:)``, for
/// the round-trip tests), the web app's path builders (``DashboardRouteScript``) and the check of docs/dashboard.md's
/// list all read the declarations; no path of the dashboard is spelled anywhere else.
package struct DashboardRouteDeclaration<Route: Sendable>: RouteTableEntry, CustomStringConvertible {
    /// The method.
    package let method: HTTPRequest.Method
    /// The path, below `/dashboard` or `/dashboard/api`.
    package let pattern: RoutePattern
    /// The name of the route's builder in `routes.js`: `findObjects`, `uploadFile`…
    package let name: String
    /// The query items the route reads.
    package let query: DashboardRouteQuery
    /// Whether the handler reads the body as it streams (uploads) instead of the responder collecting it first.
    package let streamsBody: Bool
    /// Builds the route from a matched request.
    let read: @Sendable (DashboardRouteInput) -> Route

    /// Declares a route.
    ///
    /// - Parameters:
    ///   - method: the HTTP method.
    ///   - path: the path after the prefix, with `{name}` for each parameter: `apps/{app}/files/{fileName}`.
    ///   - prefix: the segments before it: `["dashboard"]` or `["dashboard", "api"]`.
    ///   - name: the builder's name in `routes.js`.
    ///   - query: the query items it reads; none by default.
    ///   - streamsBody: whether its handler streams the body; `false` by default.
    ///   - read: builds the route from a matched request.
    init(
        _ method: HTTPRequest.Method, _ path: String, prefix: [String], name: String, query: DashboardRouteQuery = .ignored,
        streamsBody: Bool = false, read: @escaping @Sendable (DashboardRouteInput) -> Route
    ) {
        self.method = method
        self.pattern = RoutePattern(prefix: prefix, path: path)
        self.name = name
        self.query = query
        self.streamsBody = streamsBody
        self.read = read
    }

    /// `GET /dashboard/api/apps/{app}`.
    package var description: String { method.rawValue + " " + pattern.description }

    /// The method, as the route table matches it.
    package var methodName: String { method.rawValue }

    /// Methods match exactly.
    package var acceptsMethodInAnyCase: Bool { false }

    /// The request target for `values`: the pattern filled in and strictly percent-encoded, then the query items in the
    /// given order.
    package func print(_ values: RouteValues) -> String {
        let path = pattern.print(values.path)
        return values.query.isEmpty ? path : path + "?" + QueryItem.encode(values.query)
    }
}

/// The query items a dashboard route reads.
package enum DashboardRouteQuery: Sendable, Hashable {
    /// None: a query sent anyway is ignored.
    case ignored
    /// These items, by name (the first value of each).
    case items([String])
    /// Every item, in order: NCMB's find parameters, passed on to an NCMB find.
    case findParameters
}

/// A matched request as a declaration's reader sees it: path parameters and query items.
struct DashboardRouteInput {
    /// The decoded path parameters, in the order of the pattern's parameter names.
    let parameters: [String]
    /// The pattern they were matched with.
    let pattern: RoutePattern
    /// The decoded query items, in wire order.
    let items: [QueryItem]

    /// The decoded value of parameter `name`; empty for a name the pattern lacks, which the round-trip tests rule out.
    func parameter(_ name: String) -> String {
        pattern.parameterNames.firstIndex(of: name).map { parameters[$0] } ?? ""
    }

    /// The first value of query item `name`, or `nil` when the query has none.
    func item(_ name: String) -> String? {
        items.first { $0.name == name }?.value
    }
}

extension RouteTable {
    /// The route of a dashboard path's segments below `prefix`, or `nil` when no declaration answers their method and
    /// path (an unknown path and a method the path does not allow are the same to the dashboard: 404).
    func route<Route>(method: String, prefix: [String], segments: ArraySlice<String>, items: [QueryItem]) -> Route?
    where Entry == DashboardRouteDeclaration<Route> {
        guard
            case .found(let declaration, let parameters) = lookup(method: method, prefix: prefix.joined(separator: "/"), resource: segments)
        else { return nil }
        return declaration.read(DashboardRouteInput(parameters: parameters, pattern: declaration.pattern, items: items))
    }
}
