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
}
