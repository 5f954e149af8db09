package import NCMBWire

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

    /// Matches a method and the path below `/dashboard` with its query.
    package static func match(method: String, path: String, query: String?) -> DashboardRoute {
        let items = (try? QueryItem.parse(query ?? "")) ?? []
        func item(_ name: String) -> String? { items.first { $0.name == name }?.value }
        guard path != "/dashboard" else { return .root }
        let rawSegments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2)
        let segments = rawSegments.map { PercentEncoding.decode($0) ?? String($0) }
        switch (method, segments.first ?? "") {
        case ("GET", "login") where segments.count == 1: return .loginPage(next: item("next"))
        case ("POST", "login") where segments.count == 1: return .login
        case ("POST", "logout") where segments.count == 1: return .logout
        case ("GET", "setup") where segments.count == 1: return .setupPage(token: item("token") ?? "")
        case ("POST", "setup") where segments.count == 1: return .setup
        case ("GET", "assets") where segments.count == 2: return .asset(segments[1])
        case (_, "api"): return .api(DashboardAPIRoute.match(method: method, segments: Array(segments.dropFirst()), items: items))
        case ("GET", _): return .page(path: path)
        default: return .notFound
        }
    }
}

/// The admin JSON API under `/dashboard/api` (docs/dashboard.md#admin-api). One case per endpoint; each page group
/// has a controller of its own.
package enum DashboardAPIRoute: Sendable, Hashable {
    /// `GET /session`.
    case session
    /// `PUT /session/language`.
    case setLanguage
    /// `GET /apps`.
    case applications
    /// `POST /apps`.
    case createApplication
    /// `GET /apps/{app}`.
    case application(String)
    /// `GET /apps/{app}/classes`.
    case classes(application: String)
    /// `/apps/{app}/classes/{class}/objects[/{objectId}]` and `POST …/delete`.
    case objects(application: String, className: String, ObjectsRequest)
    /// `GET /audit?limit=&before=`.
    case audit(limit: String?, before: String?)
    /// `/apps/{app}/settings`.
    case settings(application: String, SettingsRequest)
    /// `/apps/{app}/users/{objectId}/passwordReset|sessions`.
    case users(application: String, UsersRequest)
    /// `GET /apps/{app}/roles/{objectId}/members`.
    case roleMembers(application: String, RoleMembersRequest)
    /// `/apps/{app}/files…`.
    case files(application: String, FilesRequest)
    /// `GET /apps/{app}/push/{objectId}/outcomes`.
    case pushOutcomes(application: String, PushOutcomesRequest)
    /// `/apps/{app}/classes/{class}/permissions`.
    case classPermissions(application: String, className: String, PermissionsRequest)
    /// `/apps/{app}/classes/{class}/indexes`.
    case indexes(application: String, className: String, IndexesRequest)
    /// `/apps/{app}/scripts…`.
    case scripts(application: String, ScriptsRequest)
    /// `/apps/{app}/imports…`.
    case imports(application: String, ImportsRequest)
    /// `GET /apps/{app}/export?classes=&includeSecrets=`.
    case export(application: String, classes: String?, includeSecrets: String?)
    /// `GET /metrics?minutes=`.
    case metrics(minutes: String?)
    /// No such endpoint.
    case unknown

    /// What is asked of a class's objects.
    package enum ObjectsRequest: Sendable, Hashable {
        /// `GET …/objects` with NCMB query parameters.
        case find([QueryItem])
        /// `POST …/objects`.
        case create
        /// `GET …/objects/{objectId}`.
        case get(String)
        /// `PUT …/objects/{objectId}`.
        case update(String)
        /// `DELETE …/objects/{objectId}`.
        case delete(String)
        /// `POST …/delete` `{"objectIds":[…]}`.
        case bulkDelete
    }

    static func match(method: String, segments: [String], items: [QueryItem]) -> DashboardAPIRoute {
        switch (method, segments.count) {
        case ("GET", 1) where segments[0] == "session": return .session
        case ("PUT", 2) where segments == ["session", "language"]: return .setLanguage
        case ("GET", 1) where segments[0] == "audit":
            return .audit(limit: items.first { $0.name == "limit" }?.value, before: items.first { $0.name == "before" }?.value)
        case ("GET", 1) where segments[0] == "apps": return .applications
        case ("POST", 1) where segments[0] == "apps": return .createApplication
        case ("GET", 2) where segments[0] == "apps": return .application(segments[1])
        case ("GET", 3) where segments[0] == "apps" && segments[2] == "classes": return .classes(application: segments[1])
        default: break
        }
        if let route = matchApplicationPage(method: method, segments: segments, items: items) { return route }
        if let route = operationsMatch(method: method, segments: segments, items: items) { return route }
        guard segments.count >= 5, segments[0] == "apps", segments[2] == "classes" else { return .unknown }
        let (application, className) = (segments[1], segments[3])
        let request: ObjectsRequest
        switch (method, segments[4], segments.count) {
        case ("GET", "objects", 5): request = .find(items)
        case ("POST", "objects", 5): request = .create
        case ("GET", "objects", 6): request = .get(segments[5])
        case ("PUT", "objects", 6): request = .update(segments[5])
        case ("DELETE", "objects", 6): request = .delete(segments[5])
        case ("POST", "delete", 5): request = .bulkDelete
        default: return .unknown
        }
        return .objects(application: application, className: className, request)
    }
}
