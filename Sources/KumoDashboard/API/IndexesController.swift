import Hummingbird
import KumoAdministration
import KumoSeams
import KumoStorage
import NCMBWire

/// `GET|POST|DELETE /apps/{app}/classes/{class}/indexes` (docs/dashboard.md#indexes): the class's indexes with the
/// index advisor's suggestions, building one (kinds inferred like `kumo classes index add`) and removing one, through
/// ``AdministrationIndexes``; changes are audited as `index.create` and `index.remove`.
struct IndexesController: Sendable {
    let environment: DashboardEnvironment

    func handle(
        _ request: DashboardAPIRoute.IndexesRequest, application: HostedApplication, className: String, call: DashboardAPI.Call
    ) async throws -> Response {
        guard let stored = ClassPermissionsController.storedClass(className) else {
            return DashboardAnswers.ncmb(APIError(.invalidType, "className"))
        }
        let administration = AdministrationIndexes(storage: environment.storage)
        switch request {
        case .list:
            let indexes = try await administration.indexes(of: application, className: stored)
            let suggestions = try await administration.suggestions(for: application, className: stored)
            return DashboardResponses.json(
                .ok, ["results": .array(indexes.map(\.json)), "suggestions": .array(suggestions.map(AdministrationIndexes.json))])
        case .create:
            guard let items = DashboardAPI.object(call.body)?["fields"]?.arrayValue else {
                return DashboardAnswers.invalid("fields", "must be a list of fields such as [\"category\",\"score:number\"]")
            }
            let specifications = items.compactMap(\.stringValue)
            guard specifications.count == items.count else { return DashboardAnswers.invalid("fields", "must be texts") }
            let build: AdministrationIndexes.Build
            do {
                build = try await administration.create(specifications, in: application, className: stored, now: environment.clock.now())
            } catch let refusal as AdministrationIndexes.Refusal {
                return DashboardAnswers.invalid("fields", refusal.description)
            }
            let index = build.build.index
            await environment.audit(
                call, "index.create", application: application, target: className,
                detail: [
                    "fields": .array(index.fields.map { .string($0.description) }), "name": .string(index.name),
                    "existed": .bool(build.build.existed),
                ])
            return DashboardResponses.json(
                build.build.existed ? .ok : .created,
                [
                    "index": index.json, "objectCount": .integer(Int64(build.build.objectCount)), "existed": .bool(build.build.existed),
                    "notes": .array(build.notes.map(JSONValue.string)),
                ])
        case .remove(let fields):
            let specifications = AdministrationIndexes.specifications(fields ?? "")
            guard !specifications.isEmpty else {
                return DashboardAnswers.invalid("fields", "must name the index's fields, e.g. ?fields=category,score")
            }
            let index: ClassIndex
            do {
                index = try await administration.index(matching: specifications, in: application, className: stored)
            } catch AdministrationIndexes.Refusal.ambiguous(let text) {
                return DashboardResponses.error(.conflict, code: "ambiguous", text)
            } catch let refusal as AdministrationIndexes.Refusal {
                return DashboardResponses.error(.notFound, code: "notFound", refusal.description)
            }
            try await administration.remove(index)
            await environment.audit(
                call, "index.remove", application: application, target: className,
                detail: ["fields": .array(index.fields.map { .string($0.description) }), "name": .string(index.name)])
            return DashboardResponses.json(.ok, ["removed": .string(index.name)])
        }
    }
}
