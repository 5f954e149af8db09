import Hummingbird
import KumoAdministration
import KumoSeams
import KumoStorage
import NCMBWire

/// `GET|PUT /apps/{app}/classes/{class}/permissions` (docs/dashboard.md#class-permissions): who may get, find,
/// create, update and delete, in the texts of `kumo classes permissions`, read and changed by
/// ``AdministrationClassPermissions``; a change is audited as `classPermissions.update`.
struct ClassPermissionsController: Sendable {
    let environment: DashboardEnvironment

    /// The stored class of a dashboard class name: `users`, `roles`, `installations`, `push`, `files`
    /// (``StandardClass``) or a custom class.
    static func storedClass(_ name: String) -> ClassName? {
        StandardClass.named(name)?.className ?? ClassName(name)
    }

    func handle(
        _ request: DashboardAPIRoute.PermissionsRequest, application: HostedApplication, className: String, call: DashboardAPI.Call
    ) async throws -> Response {
        guard let stored = Self.storedClass(className) else { return DashboardAnswers.ncmb(APIError(.invalidType, "className")) }
        let administration = AdministrationClassPermissions(storage: environment.storage)
        switch request {
        case .get:
            let permissions = try await administration.permissions(applicationId: application.applicationId, className: stored)
            return Self.answer(permissions, className: className)
        case .update:
            guard let body = DashboardAPI.object(call.body) else {
                return DashboardAnswers.invalid("permissions", "must be a JSON object such as {\"find\":\"authenticated\"}")
            }
            var texts: [(operation: String, text: String)] = []
            for (operation, value) in body.pairs {
                guard let text = value.stringValue else {
                    return DashboardAnswers.invalid(operation, "must be public, authenticated, nobody or role:NAME[,role:NAME…]")
                }
                texts.append((operation: operation, text: text))
            }
            let changes: [ObjectOperation: OperationPermission]
            do {
                changes = try AdministrationClassPermissions.parse(texts)
            } catch {
                return DashboardAnswers.invalid(error.field, error.message)
            }
            let permissions = try await administration.change(changes, applicationId: application.applicationId, className: stored)
            // Requests of this process see the new permissions at once (other instances within 5 s).
            environment.calls.applicationChanged(applicationId: application.applicationId)
            await environment.audit(
                call, "classPermissions.update", application: application, target: className,
                detail: AdministrationClassPermissions.json(permissions))
            return Self.answer(permissions, className: className)
        }
    }

    private static func answer(_ permissions: ClassPermissions, className: String) -> Response {
        var object: JSONObject = ["className": .string(className)]
        for (operation, text) in AdministrationClassPermissions.json(permissions).pairs { object[operation] = text }
        return DashboardResponses.json(.ok, .object(object))
    }
}
