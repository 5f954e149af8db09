package import NCMBWire

/// The requests of the application pages of stage 2 (docs/dashboard.md#settings … #indexes): settings, users, roles,
/// files, push outcomes, class permissions and indexes, one nested enum per page group.
extension DashboardAPIRoute {
    /// `GET|PUT /apps/{app}/settings`.
    package enum SettingsRequest: Sendable, Hashable {
        /// `GET`.
        case get
        /// `PUT` with a partial settings object.
        case update
    }

    /// `/apps/{app}/users/{objectId}/…`.
    package enum UsersRequest: Sendable, Hashable {
        /// `POST …/passwordReset`.
        case passwordReset(objectId: String)
        /// `DELETE …/sessions`.
        case endSessions(objectId: String)
    }

    /// `GET /apps/{app}/roles/{objectId}/members?limit=&skip=`.
    package struct RoleMembersRequest: Sendable, Hashable {
        /// The role's objectId.
        package var objectId: String
        /// `limit`, as sent.
        package var limit: String?
        /// `skip`, as sent.
        package var skip: String?
    }

    /// `/apps/{app}/files[/{fileName}[/content]]`.
    package enum FilesRequest: Sendable, Hashable {
        /// `GET /files` with NCMB query parameters.
        case find([QueryItem])
        /// `POST /files/{fileName}?acl=`: a raw body.
        case upload(fileName: String, acl: String?)
        /// `GET /files/{fileName}/content`.
        case content(fileName: String)
        /// `PUT /files/{fileName}` `{"acl":…}`.
        case updateACL(fileName: String)
        /// `DELETE /files/{fileName}`.
        case delete(fileName: String)
    }

    /// `GET /apps/{app}/push/{objectId}/outcomes?outcome=&limit=&skip=`.
    package struct PushOutcomesRequest: Sendable, Hashable {
        /// The push's objectId.
        package var objectId: String
        /// `outcome`, as sent.
        package var outcome: String?
        /// `limit`, as sent.
        package var limit: String?
        /// `skip`, as sent.
        package var skip: String?
    }

    /// `GET|PUT /apps/{app}/classes/{class}/permissions`.
    package enum PermissionsRequest: Sendable, Hashable {
        /// `GET`.
        case get
        /// `PUT` with the operations to change.
        case update
    }

    /// `/apps/{app}/classes/{class}/indexes`.
    package enum IndexesRequest: Sendable, Hashable {
        /// `GET`: indexes and suggestions.
        case list
        /// `POST {"fields":[…]}`.
        case create
        /// `DELETE ?fields=a,b`.
        case remove(fields: String?)
    }

    /// The route of a stage-2 application page, or `nil` when the path is none of them.
    static func matchApplicationPage(method: String, segments: [String], items: [QueryItem]) -> DashboardAPIRoute? {
        guard segments.count >= 3, segments[0] == "apps" else { return nil }
        func item(_ name: String) -> String? { items.first { $0.name == name }?.value }
        let application = segments[1]
        let rest = Array(segments.dropFirst(2))
        switch (method, rest.count, rest[0]) {
        case ("GET", 1, "settings"): return .settings(application: application, .get)
        case ("PUT", 1, "settings"): return .settings(application: application, .update)
        case ("POST", 3, "users") where rest[2] == "passwordReset":
            return .users(application: application, .passwordReset(objectId: rest[1]))
        case ("DELETE", 3, "users") where rest[2] == "sessions": return .users(application: application, .endSessions(objectId: rest[1]))
        case ("GET", 3, "roles") where rest[2] == "members":
            return .roleMembers(application: application, RoleMembersRequest(objectId: rest[1], limit: item("limit"), skip: item("skip")))
        case ("GET", 1, "files"): return .files(application: application, .find(items))
        case ("POST", 2, "files"): return .files(application: application, .upload(fileName: rest[1], acl: item("acl")))
        case ("GET", 3, "files") where rest[2] == "content": return .files(application: application, .content(fileName: rest[1]))
        case ("PUT", 2, "files"): return .files(application: application, .updateACL(fileName: rest[1]))
        case ("DELETE", 2, "files"): return .files(application: application, .delete(fileName: rest[1]))
        case ("GET", 3, "push") where rest[2] == "outcomes":
            return .pushOutcomes(
                application: application,
                PushOutcomesRequest(objectId: rest[1], outcome: item("outcome"), limit: item("limit"), skip: item("skip")))
        case ("GET", 3, "classes") where rest[2] == "permissions":
            return .classPermissions(application: application, className: rest[1], .get)
        case ("PUT", 3, "classes") where rest[2] == "permissions":
            return .classPermissions(application: application, className: rest[1], .update)
        case ("GET", 3, "classes") where rest[2] == "indexes": return .indexes(application: application, className: rest[1], .list)
        case ("POST", 3, "classes") where rest[2] == "indexes": return .indexes(application: application, className: rest[1], .create)
        case ("DELETE", 3, "classes") where rest[2] == "indexes":
            return .indexes(application: application, className: rest[1], .remove(fields: item("fields")))
        default: return nil
        }
    }

    /// Whether the request streams its body to its handler instead of the responder reading it first (file uploads).
    var streamsBody: Bool {
        if case .files(_, .upload) = self { return true }
        return streamsImportUpload
    }
}
