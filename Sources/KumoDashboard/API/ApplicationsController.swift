import Hummingbird
import KumoAdministration
import KumoStorage
import NCMBWire

/// `GET /apps`, `POST /apps`, `GET /apps/{app}`.
struct ApplicationsController: Sendable {
    let environment: DashboardEnvironment

    func list() async throws -> Response {
        var results: [JSONValue] = []
        let counter = ClassCounter(storage: environment.storage)
        for application in try await environment.storage.applications.all() {
            let count = try await counter.classes(of: application).reduce(0) { $0 + $1.count }
            results.append([
                "name": .string(application.name), "applicationId": .string(application.applicationId),
                "createDate": .string(application.createDate.formatted), "objectCount": .integer(Int64(count)),
            ])
        }
        return DashboardResponses.json(.ok, ["results": .array(results)])
    }

    /// `{"name"}`, optionally with `applicationKey` and `clientKey`: existing NCMB keys kept through a move, checked as
    /// `kumo apps create` checks them (both or neither; an application key no other application has).
    func create(_ call: DashboardAPI.Call) async throws -> Response {
        let body = DashboardAPI.object(call.body)
        guard let name = body?["name"]?.stringValue, AdministrationApplications.isValidName(name) else {
            return DashboardResponses.error(
                .badRequest, code: "name", "name must be 1 to 100 characters without \"/\" or control characters.")
        }
        var keys: [String: String] = [:]
        for field in ["applicationKey", "clientKey"] {
            switch body?[field] {
            case nil, .null?: continue
            case .string(let key)?:
                if let problem = AdministrationApplications.keyProblem(key, what: field) {
                    return DashboardResponses.error(.badRequest, code: field, problem + ".")
                }
                keys[field] = key
            default: return DashboardResponses.error(.badRequest, code: field, "\(field) must be a string.")
            }
        }
        guard keys.count != 1 else {
            let missing = keys["applicationKey"] == nil ? "applicationKey" : "clientKey"
            return DashboardResponses.error(.badRequest, code: missing, "Give both keys of the NCMB application, or neither.")
        }
        if let key = keys["applicationKey"], try await environment.storage.applications.application(applicationKey: key) != nil {
            return DashboardResponses.error(.conflict, code: "applicationKey", "Another application has this application key.")
        }
        let application: HostedApplication
        do {
            application = try await environment.applications.create(
                name: name, applicationKey: keys["applicationKey"], clientKey: keys["clientKey"])
        } catch StorageError.duplicate {
            return DashboardResponses.error(.conflict, code: "duplicate", "An application named \(name) exists already.")
        }
        await environment.audit(call, "application.create", application: application, target: application.applicationId)
        return DashboardResponses.json(.created, Self.detail(application))
    }

    func get(_ application: HostedApplication) -> Response {
        var detail = Self.detail(application).objectValue ?? [:]
        detail["connection"] = Self.connection(application, endpoint: environment.apiEndpoint.endpoint)
        return DashboardResponses.json(.ok, .object(detail))
    }

    /// What connects an app: the endpoint and each NCMB SDK's initialization code, from the one source `kumo serve`'s
    /// first banner and `kumo apps connect` print (`ClientSDK`), with the keys and with them masked
    /// (docs/decisions/0129-connection-snippets-always-name-the-endpoint.md); `null` while the endpoint is unknown.
    static func connection(_ application: HostedApplication, endpoint: ClientEndpoint?) -> JSONValue {
        guard let endpoint else { return .null }
        let mask = String(repeating: "•", count: 16)
        let snippets: [JSONValue] = ClientSDK.allCases.map { sdk in
            [
                "sdk": .string(sdk.rawValue), "title": .string(sdk.title),
                "code": .string(
                    sdk.snippet(endpoint: endpoint, applicationKey: application.applicationKey, clientKey: application.clientKey)),
                "masked": .string(sdk.snippet(endpoint: endpoint, applicationKey: mask, clientKey: mask)),
            ]
        }
        return ["endpoint": .string(endpoint.baseURL), "snippets": .array(snippets)]
    }

    /// An application with its keys and settings (secrets of push credentials masked).
    static func detail(_ application: HostedApplication) -> JSONValue {
        [
            "name": .string(application.name), "applicationId": .string(application.applicationId),
            "applicationKey": .string(application.applicationKey), "clientKey": .string(application.clientKey),
            "createDate": .string(application.createDate.formatted), "settings": masked(application.settings.storedJSON),
        ]
    }

    /// The value with every string under a secret-sounding key replaced by `"****"`.
    static func masked(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var result = JSONObject()
            for (key, item) in object.pairs {
                let lowered = key.lowercased()
                let isSecret = ["privatekey", "secret", "password", "serviceaccount", "credential", "p8"].contains { lowered.contains($0) }
                result[key] = isSecret && item != .null ? .string("****") : masked(item)
            }
            return .object(result)
        case .array(let items): return .array(items.map(masked))
        default: return value
        }
    }
}

/// The classes of an application with their object counts: custom classes and the standard ones (`users`, `roles`,
/// `installations`, `push`) that have objects, as the dashboard names them.
struct ClassCounter: Sendable {
    let storage: any StorageBackend

    /// The dashboard's name of a stored class, or `nil` for classes the data browser does not show (files).
    static func dashboardName(_ className: ClassName) -> String? {
        guard let standard = StandardClass.of(className) else { return className.rawValue }
        return standard.reference == nil ? nil : standard.restName
    }

    func classes(of application: HostedApplication) async throws -> [(className: String, count: Int)] {
        var classes: [(className: String, count: Int)] = []
        for className in try await storage.bulk.classNames(applicationId: application.applicationId) {
            guard let name = Self.dashboardName(className) else { continue }
            let found = try await storage.objects.find(
                FindRequest(
                    applicationId: application.applicationId, className: className,
                    parameters: QueryParameters(limit: 0, includesCount: true)),
                access: .bypass)
            classes.append((name, found.count ?? 0))
        }
        return classes
    }
}
