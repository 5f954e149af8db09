import HTTPTypes
import Hummingbird
import KumoSeams
import KumoStorage
import NCMBWire

/// `GET /apps/{app}/classes` and the objects of a class: find, get, create, update, delete, bulk delete. Every object
/// operation is an NCMB call through ``AdministratorCalls`` (a typed route), answered with NCMB's status and JSON
/// unchanged (a find of `users` also gets ``LinkedAccounts``); changes are audited.
struct ObjectsController: Sendable {
    let environment: DashboardEnvironment

    /// The most objectIds one bulk delete takes.
    static let maximumBulkDelete = 1000

    func classes(of application: HostedApplication) async throws -> Response {
        let classes = try await ClassCounter(storage: environment.storage).classes(of: application)
        let results: [JSONValue] = classes.map { ["className": .string($0.className), "count": .integer(Int64($0.count))] }
        return DashboardResponses.json(.ok, ["results": .array(results)])
    }

    func handle(
        _ request: DashboardAPIRoute.ObjectsRequest, application: HostedApplication, className: String, call: DashboardAPI.Call
    ) async throws -> Response {
        guard let reference = Self.reference(className) else {
            return DashboardResponses.json(.badRequest, APIError(.invalidType, "className").body.json)
        }
        let route: APIRoute
        let action: String?
        var target: String?
        switch request {
        case .find(let items):
            do {
                route = .objects(reference, .find(try QueryParameters(queryItems: items.map(\.tuple))))
            } catch {
                return DashboardResponses.json(HTTPResponse.Status(code: error.code.status), error.body.json)
            }
            action = nil
        case .get(let objectId):
            (route, action) = (.objects(reference, .get(objectId: objectId)), nil)
        case .create:
            guard let body = DashboardAPI.object(call.body) else { return Self.invalidJSON() }
            (route, action) = (.objects(reference, .create(body)), "object.create")
        case .update(let objectId):
            guard let body = DashboardAPI.object(call.body) else { return Self.invalidJSON() }
            (route, action, target) = (.objects(reference, .update(objectId: objectId, body)), "object.update", objectId)
        case .delete(let objectId):
            (route, action, target) = (.objects(reference, .delete(objectId: objectId)), "object.delete", objectId)
        case .bulkDelete:
            return try await bulkDelete(reference, application: application, className: className, call: call)
        }
        let response = await environment.perform(route, application: application)
        if let action, response.succeeded {
            if target == nil { target = DashboardAnswers.object(response)["objectId"]?.stringValue }
            // A push's changes are audited as push.create, push.update and push.delete (docs/dashboard.md#audit-log).
            let audited = reference == .push ? "push." + action.dropFirst("object.".count) : action
            await environment.audit(call, audited, application: application, target: target, detail: ["className": .string(className)])
        }
        if case .find = request, reference == .users, response.succeeded,
            let answer = response.json ?? (try? JSONValue(parsing: response.body))
        {
            let body = try await LinkedAccounts(storage: environment.storage).adding(to: answer, applicationId: application.applicationId)
            return DashboardResponses.json(HTTPResponse.Status(code: response.status), body)
        }
        return DashboardResponses.json(HTTPResponse.Status(code: response.status), response.body)
    }

    /// `POST …/delete {"objectIds":[…]}` → `{"deleted":N,"errors":[{"objectId","code","error"}]}`.
    private func bulkDelete(
        _ reference: ClassReference, application: HostedApplication, className: String, call: DashboardAPI.Call
    ) async throws -> Response {
        guard let items = DashboardAPI.object(call.body)?["objectIds"]?.arrayValue,
            items.count <= Self.maximumBulkDelete
        else {
            return DashboardResponses.error(
                .badRequest, code: "objectIds", "The body must be {\"objectIds\":[…]} with at most \(Self.maximumBulkDelete) ids.")
        }
        let objectIds = items.compactMap(\.stringValue)
        guard objectIds.count == items.count else {
            return DashboardResponses.error(.badRequest, code: "objectIds", "objectIds must be strings.")
        }
        var deleted: [String] = []
        var errors: [JSONValue] = []
        for objectId in objectIds {
            let response = await environment.perform(.objects(reference, .delete(objectId: objectId)), application: application)
            if response.succeeded {
                deleted.append(objectId)
            } else {
                let body = DashboardAnswers.object(response)
                errors.append([
                    "objectId": .string(objectId), "code": body["code"] ?? .null, "error": body["error"] ?? .null,
                ])
            }
        }
        if !deleted.isEmpty {
            await environment.audit(
                call, "object.bulkDelete", application: application, target: className,
                detail: ["className": .string(className), "objectIds": .array(deleted.map(JSONValue.string))])
        }
        return DashboardResponses.json(.ok, ["deleted": .integer(Int64(deleted.count)), "errors": .array(errors)])
    }

    /// The NCMB collection of a dashboard class name: `users`, `roles`, `installations`, `push` (``StandardClass``), or
    /// a custom class (`files`, which has no object routes, names a custom class here).
    static func reference(_ name: String) -> ClassReference? {
        if let reference = StandardClass.named(name)?.reference { return reference }
        return ClassName(name).map(ClassReference.custom)
    }

    static func invalidJSON() -> Response {
        DashboardResponses.json(.badRequest, APIError(.invalidJson).body.json)
    }
}
