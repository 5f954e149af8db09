package import NCMBWire

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
    /// `GET /metrics?minutes=&application=`.
    case metrics(minutes: String?, application: String?)
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

    /// Matches a method and the decoded segments below `/dashboard/api` with the query's items; ``unknown`` when no
    /// declaration answers them.
    static func match(method: String, segments: ArraySlice<String>, items: [QueryItem]) -> DashboardAPIRoute {
        Table.matcher.route(method: method, prefix: Table.prefix, segments: segments, items: items) ?? .unknown
    }

    /// Whether the handler reads the body as it streams (file and import uploads) instead of the responder collecting it.
    package var streamsBody: Bool { declared?.declaration.streamsBody ?? false }
}

extension DashboardAPIRoute {
    /// The request target this route prints (`/dashboard/api/apps/a/classes`), `nil` for ``unknown``.
    package var printed: String? { declared.map { $0.declaration.print($0.values) } }
}
