package import HTTPTypes
package import Hummingbird
import KumoAdministration
package import KumoStorage
import NCMBWire

/// The admin JSON API (docs/dashboard.md#admin-api): one controller per page group, dispatched by an exhaustive switch.
/// The responder has checked the session and, for changes, the CSRF token. A route under `/apps/{app}` finds its
/// application here, once (``DashboardEnvironment/withApplication(named:_:)``): its controller receives it.
package struct DashboardAPI: Sendable {
    /// What every handler receives.
    package struct Call: Sendable {
        /// The signed-in administrator's session.
        package var session: AdminSession
        /// Who is asking.
        package var client: DashboardClient
        /// The request body.
        package var body: [UInt8]
        /// The request's `Accept-Language`.
        package var acceptLanguage: String?
        /// The request's header fields (`Content-Type` and `Content-Length` of an upload).
        package var headers = HTTPFields()
        /// The unread body of a route that streams it (``DashboardAPIRoute/streamsBody``); `body` is empty then.
        package var streamedBody: RequestBody?
    }

    let session: SessionController
    let applications: ApplicationsController
    let objects: ObjectsController
    let audit: AuditController
    let settings: SettingsController
    let users: UsersController
    let roles: RolesController
    let files: FilesController
    let push: PushController
    let classPermissions: ClassPermissionsController
    let indexes: IndexesController
    let scripts: ScriptsController
    let imports: ImportsController
    let export: ExportController
    let metrics: MetricsController
    let environment: DashboardEnvironment

    init(configuration: DashboardConfiguration, environment: DashboardEnvironment) {
        self.environment = environment
        self.session = SessionController(environment: environment)
        self.applications = ApplicationsController(environment: environment)
        self.objects = ObjectsController(environment: environment)
        self.audit = AuditController(environment: environment, maximumPage: configuration.maximumAuditPage)
        self.settings = SettingsController(environment: environment)
        self.users = UsersController(environment: environment)
        self.roles = RolesController(environment: environment)
        self.files = FilesController(environment: environment, maximumUploadBytes: configuration.maximumUploadBytes)
        self.push = PushController(environment: environment)
        self.classPermissions = ClassPermissionsController(environment: environment)
        self.indexes = IndexesController(environment: environment)
        self.scripts = ScriptsController(environment: environment)
        self.imports = ImportsController(environment: environment)
        self.export = ExportController(environment: environment)
        self.metrics = MetricsController(environment: environment)
    }

    func handle(_ route: DashboardAPIRoute, call: Call) async throws -> Response {
        switch route {
        case .session: return session.get(call)
        case .setLanguage: return try await session.setLanguage(call)
        case .applications: return try await applications.list()
        case .createApplication: return try await applications.create(call)
        case .application(let name): return try await environment.withApplication(named: name) { applications.get($0) }
        case .classes(let name): return try await environment.withApplication(named: name) { try await objects.classes(of: $0) }
        case .objects(let name, let className, let request):
            return try await environment.withApplication(named: name) {
                try await objects.handle(request, application: $0, className: className, call: call)
            }
        case .audit(let limit, let before): return try await audit.list(limit: limit, before: before)
        case .settings(let name, let request):
            return try await environment.withApplication(named: name) { try await settings.handle(request, application: $0, call: call) }
        case .users(let name, let request):
            return try await environment.withApplication(named: name) { try await users.handle(request, application: $0, call: call) }
        case .roleMembers(let name, let request):
            return try await environment.withApplication(named: name) { try await roles.members(request, application: $0) }
        case .files(let name, let request):
            return try await environment.withApplication(named: name) { try await files.handle(request, application: $0, call: call) }
        case .pushOutcomes(let name, let request):
            return try await environment.withApplication(named: name) { try await push.outcomes(request, application: $0) }
        case .classPermissions(let name, let className, let request):
            return try await environment.withApplication(named: name) {
                try await classPermissions.handle(request, application: $0, className: className, call: call)
            }
        case .indexes(let name, let className, let request):
            return try await environment.withApplication(named: name) {
                try await indexes.handle(request, application: $0, className: className, call: call)
            }
        case .scripts(let name, let request):
            return try await environment.withApplication(named: name) { try await scripts.handle(request, application: $0, call: call) }
        case .imports(let name, let request):
            return try await environment.withApplication(named: name) { try await imports.handle(request, application: $0, call: call) }
        case .export(let name, let classes, let includeSecrets):
            return try await environment.withApplication(named: name) {
                try await export.export(application: $0, classes: classes, includeSecrets: includeSecrets, call: call)
            }
        case .metrics(let minutes, let application): return try await metrics.points(minutes: minutes, applicationName: application)
        case .unknown: return DashboardResponses.error(.notFound, code: "notFound", "No such endpoint of the dashboard API.")
        }
    }

    /// The body as a JSON object, or `nil`.
    static func object(_ body: [UInt8]) -> JSONObject? {
        (try? JSONValue(parsing: body))?.objectValue
    }
}

/// `GET /session`, `PUT /session/language`.
struct SessionController: Sendable {
    let environment: DashboardEnvironment

    func get(_ call: DashboardAPI.Call) -> Response {
        DashboardResponses.json(
            .ok,
            [
                "email": .string(call.session.email), "csrfToken": .string(call.session.csrfToken),
                "language": .string(call.session.language ?? DashboardPages.language(acceptLanguage: call.acceptLanguage)),
            ])
    }

    func setLanguage(_ call: DashboardAPI.Call) async throws -> Response {
        guard let language = DashboardAPI.object(call.body)?["language"]?.stringValue, ["ja", "en"].contains(language) else {
            return DashboardResponses.error(.badRequest, code: "language", "language must be \"ja\" or \"en\".")
        }
        try await environment.storage.admins.updateSession(
            tokenHash: call.session.tokenHash, expiresAt: call.session.expiresAt, language: language)
        return DashboardResponses.json(.ok, ["language": .string(language)])
    }
}

/// `GET /audit?limit=&before=`: newest first.
struct AuditController: Sendable {
    let environment: DashboardEnvironment
    let maximumPage: Int

    func list(limit: String?, before: String?) async throws -> Response {
        let count: Int
        if let limit {
            guard let parsed = Int(limit), (1...maximumPage).contains(parsed) else {
                return DashboardResponses.error(.badRequest, code: "limit", "limit must be a number from 1 to \(maximumPage).")
            }
            count = parsed
        } else {
            count = 50
        }
        var position: Int64?
        if let before {
            guard let parsed = Int64(before), parsed > 0 else {
                return DashboardResponses.error(.badRequest, code: "before", "before must be the id of an audit entry.")
            }
            position = parsed
        }
        let entries = try await environment.storage.admins.auditEntries(limit: count, before: position)
        let results: [JSONValue] = entries.map { entry in
            [
                "id": .integer(entry.id ?? 0), "time": .string(entry.time.formatted), "admin": .string(entry.admin),
                "action": .string(entry.action), "application": entry.application.map(JSONValue.string) ?? .null,
                "target": entry.target.map(JSONValue.string) ?? .null, "detail": .object(entry.detail),
                "address": entry.address.map(JSONValue.string) ?? .null,
            ]
        }
        return DashboardResponses.json(.ok, ["results": .array(results)])
    }
}
