import HTTPTypes
import Hummingbird
import KumoAdministration
import KumoSeams
import KumoStorage
import Logging
import NCMBWire

/// What the page groups' controllers share: NCMB calls as typed routes, audit entries and the dashboard's answers.
extension DashboardEnvironment {
    /// Performs the route as an administrator in the application (``AdministratorCalls``): the typed route crosses as
    /// it is (docs/decisions/0108-typed-administrator-calls.md).
    func perform(_ route: APIRoute, application: HostedApplication) async -> AdministratorResponse {
        await calls.perform(AdministratorCall(applicationId: application.applicationId, route: route))
    }

    /// Appends an audit entry of the call's administrator and address, after the change it records has taken effect.
    ///
    /// A failure to write the entry does not undo the change nor turn its answer into a 500: the change happened, and
    /// the client that made it must not try it again. The failure is logged at `error` level with what the entry held
    /// (never its detail, which may name secrets' keys), so that the missing entry can be noticed and reconstructed
    /// (docs/dashboard.md#audit-log).
    func audit(
        _ call: DashboardAPI.Call, _ action: String, application: HostedApplication, target: String?, detail: JSONObject = [:]
    ) async {
        do {
            try await admins.audit(
                actor: call.session.email, action: action, application: application.name, target: target, detail: detail,
                address: call.client.address)
        } catch {
            logger.error(
                "an audit entry could not be written after its change took effect",
                metadata: [
                    "action": "\(action)", "admin": "\(call.session.email)", "application": "\(application.name)",
                    "target": "\(target ?? "")", "error": "\(error)",
                ])
        }
    }
}

/// The dashboard's answers beyond ``DashboardResponses``.
enum DashboardAnswers {
    /// NCMB's status and JSON, unchanged.
    static func ncmb(_ response: AdministratorResponse) -> Response {
        DashboardResponses.json(HTTPResponse.Status(code: response.status), response.body)
    }

    /// NCMB's error for a wire error (bad `where`, bad class name …), unchanged.
    static func ncmb(_ error: APIError) -> Response {
        DashboardResponses.json(HTTPResponse.Status(code: error.code.status), error.body.json)
    }

    /// 400 `{"code":"invalid","field","error"}`.
    static func invalid(_ field: String, _ message: String) -> Response {
        DashboardResponses.json(.badRequest, ["code": "invalid", "field": .string(field), "error": .string("\(field) \(message)")])
    }

    /// 404 `{"code":"notFound"}` for an application name no application has.
    static func noApplication(_ name: String) -> Response {
        DashboardResponses.error(.notFound, code: "notFound", "No application is named \(name).")
    }

    /// Whether a response is a success (2xx).
    static func succeeded(_ response: AdministratorResponse) -> Bool { response.succeeded }

    /// The JSON object of an NCMB answer as the controller built it, empty when it is none (the answers this is asked
    /// for, of `users`, `roles` and `push`, are built as JSON values: nothing is parsed).
    static func object(_ response: AdministratorResponse) -> JSONObject {
        response.json?.objectValue ?? [:]
    }

    /// A number of a query parameter within `range`, `fallback` when absent, `nil` when malformed.
    static func number(_ text: String?, in range: ClosedRange<Int>, fallback: Int) -> Int? {
        guard let text else { return fallback }
        guard let value = Int(text), range.contains(value) else { return nil }
        return value
    }
}
