import HTTPTypes
import Hummingbird
import KumoSeams
import KumoStorage
import NCMBWire

/// What the page groups' controllers share: NCMB calls printed with the route table, the application of a path,
/// audit entries and the dashboard's answers.
extension DashboardEnvironment {
    /// Prints the route with the route table and performs it as an administrator (``AdministratorCalls``).
    func perform(_ route: APIRoute, application: HostedApplication) async -> AdministratorResponse {
        let printed = APIRouter.print(route)
        let versionPrefix = "/" + APIRouter.apiVersion
        let path = printed.path.hasPrefix(versionPrefix) ? String(printed.path.dropFirst(versionPrefix.count)) : printed.path
        return await calls.perform(
            AdministratorCall(
                applicationId: application.applicationId, method: printed.method.rawValue, path: path, query: printed.query,
                body: printed.body))
    }

    /// Appends an audit entry of the call's administrator and address.
    func audit(
        _ call: DashboardAPI.Call, _ action: String, application: HostedApplication, target: String?, detail: JSONObject = [:]
    ) async throws {
        try await admins.audit(
            actor: call.session.email, action: action, application: application.name, target: target, detail: detail,
            address: call.client.address)
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
    static func succeeded(_ response: AdministratorResponse) -> Bool { (200..<300).contains(response.status) }

    /// The JSON object of an NCMB answer, empty when it is none.
    static func object(_ response: AdministratorResponse) -> JSONObject {
        (try? JSONValue(parsing: response.body))?.objectValue ?? [:]
    }

    /// A number of a query parameter within `range`, `fallback` when absent, `nil` when malformed.
    static func number(_ text: String?, in range: ClosedRange<Int>, fallback: Int) -> Int? {
        guard let text else { return fallback }
        guard let value = Int(text), range.contains(value) else { return nil }
        return value
    }
}
