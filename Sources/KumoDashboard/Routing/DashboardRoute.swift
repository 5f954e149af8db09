import HTTPTypes
import NCMBWire

/// Every request under `/dashboard`, as the responder dispatches it (docs/dashboard.md). Paths are split on `/` and
/// percent-decoded once, here.
package enum DashboardRoute: Sendable, Hashable {
    /// `/dashboard` → 301 `/dashboard/`.
    case root
    /// `GET /dashboard/login`: the sign-in form.
    case loginPage(next: String?)
    /// `POST /dashboard/login`: the sign-in form's post.
    case login
    /// `POST /dashboard/logout`.
    case logout
    /// `GET /dashboard/setup?token=…`: the first administrator's form.
    case setupPage(token: String)
    /// `POST /dashboard/setup`.
    case setup
    /// `GET /dashboard/assets/{file}`.
    case asset(String)
    /// `/dashboard/api/…`.
    case api(DashboardAPIRoute)
    /// Any other `GET /dashboard/…`: the app shell (or the sign-in form without a session).
    case page(path: String)
    /// Nothing here for this method and path.
    case notFound

    /// Matches a method and the path below `/dashboard` with its query. Segments are percent-decoded once, here (a
    /// segment that does not decode is taken as it is); a query that does not decode reads as none.
    package static func match(method: String, path: String, query: String?) -> DashboardRoute {
        guard path != "/dashboard" else { return .root }
        let items = (try? QueryItem.parse(query ?? "")) ?? []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2)
            .map { PercentEncoding.decode($0) ?? String($0) }
        if segments.first == "api" {
            return .api(DashboardAPIRoute.match(method: method, segments: segments.dropFirst(), items: items))
        }
        if let route = Table.matcher.route(method: method, prefix: Table.prefix, segments: segments[...], items: items) { return route }
        return method == "GET" ? .page(path: path) : .notFound
    }

    /// The declaration of this route and the values it prints; `nil` for the routes no declaration answers (the
    /// redirect, the admin API, pages of the app, nothing). The one switch from a route to its declaration.
    var declared: (declaration: DashboardRouteDeclaration<DashboardRoute>, values: RouteValues)? {
        switch self {
        case .loginPage(let next): (Table.loginPage, RouteValues(query: next.map { [QueryItem(name: "next", value: $0)] } ?? []))
        case .login: (Table.login, RouteValues())
        case .logout: (Table.logout, RouteValues())
        case .setupPage(let token): (Table.setupPage, RouteValues(query: [QueryItem(name: "token", value: token)]))
        case .setup: (Table.setup, RouteValues())
        case .asset(let file): (Table.asset, RouteValues(path: ["file": file]))
        case .root, .api, .page, .notFound: nil
        }
    }

    /// The declared routes below `/dashboard`: the sign-in and setup forms, sign-out and the files of the web app. The
    /// admin API has its own table (``DashboardAPIRoute/Table``); every other `GET` is a page of the app.
    package enum Table {
        /// The segments before each path.
        static let prefix = ["dashboard"]

        /// `GET /dashboard/login?next=`: the sign-in form.
        static let loginPage = DashboardRouteDeclaration<DashboardRoute>(
            .get, "login", prefix: prefix, name: "loginPage", query: .items(["next"])
        ) { input in
            .loginPage(next: input.item("next"))
        }
        /// `POST /dashboard/login`.
        static let login = DashboardRouteDeclaration<DashboardRoute>(.post, "login", prefix: prefix, name: "login") { _ in .login }
        /// `POST /dashboard/logout`.
        static let logout = DashboardRouteDeclaration<DashboardRoute>(.post, "logout", prefix: prefix, name: "logout") { _ in .logout }
        /// `GET /dashboard/setup?token=`: the first administrator's form.
        static let setupPage = DashboardRouteDeclaration<DashboardRoute>(
            .get, "setup", prefix: prefix, name: "setupPage", query: .items(["token"])
        ) { input in
            .setupPage(token: input.item("token") ?? "")
        }
        /// `POST /dashboard/setup`.
        static let setup = DashboardRouteDeclaration<DashboardRoute>(.post, "setup", prefix: prefix, name: "setup") { _ in .setup }
        /// `GET /dashboard/assets/{file}`.
        static let asset = DashboardRouteDeclaration<DashboardRoute>(.get, "assets/{file}", prefix: prefix, name: "asset") { input in
            .asset(input.parameter("file"))
        }

        /// Every declaration, in matching order.
        package static let all = [loginPage, login, logout, setupPage, setup, asset]

        /// The table the responder matches with, built once.
        static let matcher = RouteTable(all)
    }
}

extension DashboardRoute {
    /// The request target this route prints (`/dashboard/login?next=…`, or the admin API route's); `nil` for the
    /// routes no declaration answers.
    package var printed: String? {
        if case .api(let route) = self { return route.printed }
        return declared.map { $0.declaration.print($0.values) }
    }
}
