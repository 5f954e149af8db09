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

    /// Answers with `body` for the application named `name`, or 404 `notFound` (``DashboardAnswers/noApplication(_:)``)
    /// when no application has that name: the one application lookup of the admin API's controllers.
    func withApplication(
        named name: String, _ body: (HostedApplication) async throws -> Response
    ) async throws -> Response {
        guard let application = try await storage.applications.application(named: name) else {
            return DashboardAnswers.noApplication(name)
        }
        return try await body(application)
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

    /// Answers with `body` for a page of `limit` items (1 to `maximum`, 100 when absent) after `skip` (0 when absent),
    /// or 400 `invalid` naming the query parameter that is malformed.
    static func withPage(
        limit: String?, skip: String?, maximum: Int, _ body: (_ limit: Int, _ skip: Int) async throws -> Response
    ) async throws -> Response {
        guard let limit = number(limit, in: 1...maximum, fallback: 100) else {
            return invalid("limit", "must be a number from 1 to \(maximum)")
        }
        guard let skip = number(skip, in: 0...Int(Int32.max), fallback: 0) else { return invalid("skip", "must be a number from 0") }
        return try await body(limit, skip)
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
