import Foundation
import HTTPTypes
import Hummingbird
import KumoSeams
import KumoStorage
import NCMBWire

/// `POST /apps/{app}/scripts/{name}/run` `{"method","query","headers","body"}`: the NCMB call `/script/{name}` made in
/// process as an administrator (``AdministratorCalls``), so the run permission is bypassed and everything else — a
/// missing or disabled script's 404, the runner, its limits, the execution log — is what a client would get
/// (docs/dashboard.md#scripts).
struct ScriptRun: Sendable {
    let environment: DashboardEnvironment

    func run(_ name: String, application: HostedApplication, call: DashboardAPI.Call) async throws -> Response {
        let request: JSONObject
        if call.body.isEmpty {
            request = [:]
        } else {
            guard let object = DashboardAPI.object(call.body) else {
                return DashboardAnswers.invalid("body", "must be a JSON object.")
            }
            request = object
        }
        let parsed: (method: RequestMethod, query: [QueryItem], headers: [AdministratorHeader], body: JSONObject)
        switch Self.parse(request) {
        case .success(let value): parsed = value
        case .failure(let refusal): return refusal.response
        }
        var headers = parsed.headers
        if parsed.method.hasBody, !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            headers.append(AdministratorHeader(name: "Content-Type", value: "application/json"))
        }
        // A GET or DELETE sends no body, as NCMB's SDKs do (docs/wire/endpoints/scripts.md).
        let body = parsed.method.hasBody ? parsed.body : [:]
        let route = APIRoute.script(ScriptRoute(name: name, method: parsed.method, query: parsed.query, body: body))
        let started = ContinuousClock.now
        let answer = await environment.calls.perform(
            AdministratorCall(applicationId: application.applicationId, route: route, headers: headers))
        let elapsed = ContinuousClock.now - started
        await environment.audit(
            call, "script.run", application: application, target: name,
            detail: ["method": .string(parsed.method.rawValue), "status": .integer(Int64(answer.status))])
        var result: JSONObject = [
            "status": .integer(Int64(answer.status)), "headers": .object(Self.headers(answer.headers)),
        ]
        if let text = String(validating: answer.body, as: UTF8.self) {
            result["body"] = .string(text)
        } else {
            result["bodyBase64"] = .string(Data(answer.body).base64EncodedString())
        }
        result["durationMilliseconds"] = .integer(elapsed.wholeMilliseconds)
        return DashboardResponses.json(.ok, .object(result))
    }

    /// The test request: method (GET by default), query and headers (objects of strings), body (an object, sent for
    /// POST and PUT).
    static func parse(
        _ request: JSONObject
    ) -> Result<(method: RequestMethod, query: [QueryItem], headers: [AdministratorHeader], body: JSONObject), FieldRefusal> {
        var method = RequestMethod.get
        if let value = request["method"] {
            guard let text = value.stringValue, let parsed = RequestMethod(rawValue: text) else {
                return .failure(FieldRefusal(field: "method", message: "must be GET, POST, PUT or DELETE."))
            }
            method = parsed
        }
        var query: [QueryItem] = []
        if let value = request["query"] {
            guard let object = value.objectValue, let items = strings(object) else {
                return .failure(FieldRefusal(field: "query", message: "must be an object of strings."))
            }
            query = items.map { QueryItem(name: $0.0, value: $0.1) }
        }
        var headers: [AdministratorHeader] = []
        if let value = request["headers"] {
            guard let object = value.objectValue, let items = strings(object),
                items.allSatisfy({ HTTPField.Name($0.0) != nil && !$0.1.contains(where: { $0 == "\r" || $0 == "\n" }) })
            else {
                return .failure(FieldRefusal(field: "headers", message: "must be an object of header names and strings."))
            }
            headers = items.map { AdministratorHeader(name: $0.0, value: $0.1) }
        }
        var body: JSONObject = [:]
        if let value = request["body"], value != .null {
            guard let object = value.objectValue else {
                return .failure(FieldRefusal(field: "body", message: "must be a JSON object (sent for POST and PUT)."))
            }
            body = object
        }
        return .success((method, query, headers, body))
    }

    /// The pairs of an object whose values are all strings, or `nil`.
    private static func strings(_ object: JSONObject) -> [(String, String)]? {
        var pairs: [(String, String)] = []
        for (key, value) in object.pairs {
            guard let text = value.stringValue else { return nil }
            pairs.append((key, text))
        }
        return pairs
    }

    /// Headers as one object; a repeated name keeps its values joined by `, ` (as the execution log shows them).
    static func headers(_ headers: [AdministratorHeader]) -> JSONObject {
        var object = JSONObject()
        for header in headers {
            if case .string(let earlier)? = object[header.name] {
                object[header.name] = .string(earlier + ", " + header.value)
            } else {
                object[header.name] = .string(header.value)
            }
        }
        return object
    }
}
