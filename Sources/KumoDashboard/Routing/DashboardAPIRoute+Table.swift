import HTTPTypes
import NCMBWire

extension DashboardAPIRoute {
    /// The admin API's routes (docs/dashboard.md#admin-api), each declared once, in matching order: where two paths
    /// overlap (`scripts/executions` and `scripts/{name}`), the literal one comes first.
    package enum Table {
        /// A declaration of this table.
        package typealias Declaration = DashboardRouteDeclaration<DashboardAPIRoute>

        /// The segments before each path.
        static let prefix = ["dashboard", "api"]

        /// Declares a route below `/dashboard/api`.
        static func route(
            _ method: HTTPRequest.Method, _ path: String, _ name: String, query: DashboardRouteQuery = .ignored, streamsBody: Bool = false,
            read: @escaping @Sendable (DashboardRouteInput) -> DashboardAPIRoute
        ) -> Declaration {
            Declaration(method, path, prefix: prefix, name: name, query: query, streamsBody: streamsBody, read: read)
        }

        // MARK: Session, applications, audit, metrics

        static let session = route(.get, "session", "session") { _ in .session }
        static let setLanguage = route(.put, "session/language", "setLanguage") { _ in .setLanguage }
        static let audit = route(.get, "audit", "audit", query: .items(["limit", "before"])) { input in
            .audit(limit: input.item("limit"), before: input.item("before"))
        }
        static let applications = route(.get, "apps", "applications") { _ in .applications }
        static let createApplication = route(.post, "apps", "createApplication") { _ in .createApplication }
        static let application = route(.get, "apps/{app}", "application") { input in .application(input.parameter("app")) }
        static let classes = route(.get, "apps/{app}/classes", "classes") { input in .classes(application: input.parameter("app")) }
        static let metrics = route(.get, "metrics", "metrics", query: .items(["minutes", "application"])) { input in
            .metrics(minutes: input.item("minutes"), application: input.item("application"))
        }

        // MARK: Objects

        static let findObjects = route(.get, "apps/{app}/classes/{className}/objects", "findObjects", query: .findParameters) { input in
            objectRequest(input, .find(input.items))
        }
        static let createObject = route(.post, "apps/{app}/classes/{className}/objects", "createObject") { input in
            objectRequest(input, .create)
        }
        static let getObject = route(.get, "apps/{app}/classes/{className}/objects/{objectId}", "getObject") { input in
            objectRequest(input, .get(input.parameter("objectId")))
        }
        static let updateObject = route(.put, "apps/{app}/classes/{className}/objects/{objectId}", "updateObject") { input in
            objectRequest(input, .update(input.parameter("objectId")))
        }
        static let deleteObject = route(.delete, "apps/{app}/classes/{className}/objects/{objectId}", "deleteObject") { input in
            objectRequest(input, .delete(input.parameter("objectId")))
        }
        static let deleteObjects = route(.post, "apps/{app}/classes/{className}/delete", "deleteObjects") { input in
            objectRequest(input, .bulkDelete)
        }

        private static func objectRequest(_ input: DashboardRouteInput, _ request: ObjectsRequest) -> DashboardAPIRoute {
            .objects(application: input.parameter("app"), className: input.parameter("className"), request)
        }

        // MARK: Settings, users, roles, push

        static let settings = route(.get, "apps/{app}/settings", "settings") { input in .settings(application: input.parameter("app"), .get)
        }
        static let updateSettings = route(.put, "apps/{app}/settings", "updateSettings") { input in
            .settings(application: input.parameter("app"), .update)
        }
        static let passwordReset = route(.post, "apps/{app}/users/{objectId}/passwordReset", "passwordReset") { input in
            .users(application: input.parameter("app"), .passwordReset(objectId: input.parameter("objectId")))
        }
        static let endSessions = route(.delete, "apps/{app}/users/{objectId}/sessions", "endSessions") { input in
            .users(application: input.parameter("app"), .endSessions(objectId: input.parameter("objectId")))
        }
        static let roleMembers = route(.get, "apps/{app}/roles/{objectId}/members", "roleMembers", query: .items(["limit", "skip"])) {
            input in
            .roleMembers(
                application: input.parameter("app"),
                RoleMembersRequest(objectId: input.parameter("objectId"), limit: input.item("limit"), skip: input.item("skip")))
        }
        static let pushOutcomes = route(
            .get, "apps/{app}/push/{objectId}/outcomes", "pushOutcomes", query: .items(["outcome", "limit", "skip"])
        ) {
            input in
            .pushOutcomes(
                application: input.parameter("app"),
                PushOutcomesRequest(
                    objectId: input.parameter("objectId"), outcome: input.item("outcome"), limit: input.item("limit"),
                    skip: input.item("skip")))
        }

        // MARK: Files

        static let findFiles = route(.get, "apps/{app}/files", "findFiles", query: .findParameters) { input in
            .files(application: input.parameter("app"), .find(input.items))
        }
        static let uploadFile = route(.post, "apps/{app}/files/{fileName}", "uploadFile", query: .items(["acl"]), streamsBody: true) {
            input in
            .files(application: input.parameter("app"), .upload(fileName: input.parameter("fileName"), acl: input.item("acl")))
        }
        static let fileContent = route(.get, "apps/{app}/files/{fileName}/content", "fileContent") { input in
            .files(application: input.parameter("app"), .content(fileName: input.parameter("fileName")))
        }
        static let updateFileACL = route(.put, "apps/{app}/files/{fileName}", "updateFileACL") { input in
            .files(application: input.parameter("app"), .updateACL(fileName: input.parameter("fileName")))
        }
        static let deleteFile = route(.delete, "apps/{app}/files/{fileName}", "deleteFile") { input in
            .files(application: input.parameter("app"), .delete(fileName: input.parameter("fileName")))
        }

        // MARK: Class permissions and indexes

        static let classPermissions = route(.get, "apps/{app}/classes/{className}/permissions", "classPermissions") { input in
            .classPermissions(application: input.parameter("app"), className: input.parameter("className"), .get)
        }
        static let updateClassPermissions = route(.put, "apps/{app}/classes/{className}/permissions", "updateClassPermissions") { input in
            .classPermissions(application: input.parameter("app"), className: input.parameter("className"), .update)
        }
        static let indexes = route(.get, "apps/{app}/classes/{className}/indexes", "indexes") { input in
            .indexes(application: input.parameter("app"), className: input.parameter("className"), .list)
        }
        static let createIndex = route(.post, "apps/{app}/classes/{className}/indexes", "createIndex") { input in
            .indexes(application: input.parameter("app"), className: input.parameter("className"), .create)
        }
        static let removeIndex = route(.delete, "apps/{app}/classes/{className}/indexes", "removeIndex", query: .items(["fields"])) {
            input in
            .indexes(application: input.parameter("app"), className: input.parameter("className"), .remove(fields: input.item("fields")))
        }

        /// Every declaration, in matching order.
        package static let all: [Declaration] =
            [session, setLanguage, audit, applications, createApplication, application, classes, metrics]
            + [findObjects, createObject, getObject, updateObject, deleteObject, deleteObjects]
            + [settings, updateSettings, passwordReset, endSessions, roleMembers, pushOutcomes]
            + [findFiles, uploadFile, fileContent, updateFileACL, deleteFile]
            + [classPermissions, updateClassPermissions, indexes, createIndex, removeIndex]
            + operations

        /// The table the responder matches with, built once.
        static let matcher = RouteTable(all)
    }

    /// The declaration of this route and the values it prints; `nil` for ``unknown``. The one switch from a route to its
    /// declaration, with no `default:`: a case without a declaration does not compile.
    var declared: (declaration: Table.Declaration, values: RouteValues)? {
        switch self {
        case .session: (Table.session, RouteValues())
        case .setLanguage: (Table.setLanguage, RouteValues())
        case .audit(let limit, let before):
            (Table.audit, Self.values(query: ["limit": limit, "before": before], order: ["limit", "before"]))
        case .applications: (Table.applications, RouteValues())
        case .createApplication: (Table.createApplication, RouteValues())
        case .application(let application): (Table.application, RouteValues(path: ["app": application]))
        case .classes(let application): (Table.classes, RouteValues(path: ["app": application]))
        case .metrics(let minutes, let application):
            (Table.metrics, Self.values(query: ["minutes": minutes, "application": application], order: ["minutes", "application"]))
        case .objects(let application, let className, let request): Self.declared(request, application: application, className: className)
        case .settings(let application, let request):
            (request == .get ? Table.settings : Table.updateSettings, RouteValues(path: ["app": application]))
        case .users(let application, .passwordReset(let objectId)):
            (Table.passwordReset, RouteValues(path: ["app": application, "objectId": objectId]))
        case .users(let application, .endSessions(let objectId)):
            (Table.endSessions, RouteValues(path: ["app": application, "objectId": objectId]))
        case .roleMembers(let application, let request):
            (
                Table.roleMembers,
                Self.values(
                    path: ["app": application, "objectId": request.objectId], query: ["limit": request.limit, "skip": request.skip],
                    order: ["limit", "skip"])
            )
        case .pushOutcomes(let application, let request):
            (
                Table.pushOutcomes,
                Self.values(
                    path: ["app": application, "objectId": request.objectId],
                    query: ["outcome": request.outcome, "limit": request.limit, "skip": request.skip], order: ["outcome", "limit", "skip"])
            )
        case .files(let application, let request): Self.declared(request, application: application)
        case .classPermissions(let application, let className, let request):
            (
                request == .get ? Table.classPermissions : Table.updateClassPermissions,
                RouteValues(path: ["app": application, "className": className])
            )
        case .indexes(let application, let className, let request): Self.declared(request, application: application, className: className)
        case .scripts(let application, let request): Self.declared(request, application: application)
        case .imports(let application, let request): Self.declared(request, application: application)
        case .export(let application, let classes, let includeSecrets):
            (
                Table.exportApplication,
                Self.values(
                    path: ["app": application], query: ["classes": classes, "includeSecrets": includeSecrets],
                    order: ["classes", "includeSecrets"])
            )
        case .unknown: nil
        }
    }

    /// Route values: path parameters, and the query items that are there, in `order`.
    static func values(path: [String: String] = [:], query: [String: String?], order: [String]) -> RouteValues {
        RouteValues(path: path, query: order.compactMap { name in query[name].flatMap { $0 }.map { QueryItem(name: name, value: $0) } })
    }

    private static func declared(
        _ request: ObjectsRequest, application: String, className: String
    ) -> (declaration: Table.Declaration, values: RouteValues) {
        let path = ["app": application, "className": className]
        return switch request {
        case .find(let items): (Table.findObjects, RouteValues(path: path, query: items))
        case .create: (Table.createObject, RouteValues(path: path))
        case .get(let objectId): (Table.getObject, RouteValues(path: path.merging(["objectId": objectId]) { $1 }))
        case .update(let objectId): (Table.updateObject, RouteValues(path: path.merging(["objectId": objectId]) { $1 }))
        case .delete(let objectId): (Table.deleteObject, RouteValues(path: path.merging(["objectId": objectId]) { $1 }))
        case .bulkDelete: (Table.deleteObjects, RouteValues(path: path))
        }
    }

    private static func declared(_ request: FilesRequest, application: String) -> (declaration: Table.Declaration, values: RouteValues) {
        switch request {
        case .find(let items): (Table.findFiles, RouteValues(path: ["app": application], query: items))
        case .upload(let fileName, let acl):
            (Table.uploadFile, values(path: ["app": application, "fileName": fileName], query: ["acl": acl], order: ["acl"]))
        case .content(let fileName): (Table.fileContent, RouteValues(path: ["app": application, "fileName": fileName]))
        case .updateACL(let fileName): (Table.updateFileACL, RouteValues(path: ["app": application, "fileName": fileName]))
        case .delete(let fileName): (Table.deleteFile, RouteValues(path: ["app": application, "fileName": fileName]))
        }
    }

    private static func declared(
        _ request: IndexesRequest, application: String, className: String
    ) -> (declaration: Table.Declaration, values: RouteValues) {
        let path = ["app": application, "className": className]
        return switch request {
        case .list: (Table.indexes, RouteValues(path: path))
        case .create: (Table.createIndex, RouteValues(path: path))
        case .remove(let fields): (Table.removeIndex, values(path: path, query: ["fields": fields], order: ["fields"]))
        }
    }
}
