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

    func create(_ call: DashboardAPI.Call) async throws -> Response {
        guard let name = DashboardAPI.object(call.body)?["name"]?.stringValue, AdministrationApplications.isValidName(name) else {
            return DashboardResponses.error(
                .badRequest, code: "name", "name must be 1 to 100 characters without \"/\" or control characters.")
        }
        let application: HostedApplication
        do {
            application = try await environment.applications.create(name: name)
        } catch StorageError.duplicate {
            return DashboardResponses.error(.conflict, code: "duplicate", "An application named \(name) exists already.")
        }
        await environment.audit(call, "application.create", application: application, target: application.applicationId)
        return DashboardResponses.json(.created, Self.detail(application))
    }

    func get(name: String) async throws -> Response {
        guard let application = try await environment.storage.applications.application(named: name) else {
            return DashboardResponses.error(.notFound, code: "notFound", "No application is named \(name).")
        }
        return DashboardResponses.json(.ok, Self.detail(application))
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
