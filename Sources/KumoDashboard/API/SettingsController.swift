import Hummingbird
import KumoAdministration
import KumoSeams
import KumoStorage
import NCMBWire

/// `GET|PUT /apps/{app}/settings` (docs/dashboard.md#settings): the settings grouped, secrets masked, with their
/// `version` and the server's read-only `rateLimits`; a change is a partial object of the same shape with the `version`
/// it was made on, checked and applied by ``AdministrationSettings`` (as the CLI does; 409 `stale` when another change
/// came first) and audited as `settings.update` with the keys it changed, never their values.
struct SettingsController: Sendable {
    let environment: DashboardEnvironment

    func handle(
        _ request: DashboardAPIRoute.SettingsRequest, application: HostedApplication, call: DashboardAPI.Call
    ) async throws -> Response {
        switch request {
        case .get:
            return answer(application.settings, version: application.settingsVersion)
        case .update:
            guard var patch = DashboardAPI.object(call.body) else {
                return DashboardAnswers.invalid("settings", "must be a JSON object of settings groups")
            }
            var expectedVersion: Int64?
            if let version = patch["version"] {
                guard let number = version.integerValue else { return DashboardAnswers.invalid("version", "must be an integer") }
                expectedVersion = number
                patch["version"] = nil
            }
            let change: AdministrationSettings.Change
            do {
                change = try await environment.settings.update(
                    application, patch: patch, expectedVersion: expectedVersion, storage: environment.storage)
            } catch let refusal as AdministrationSettings.Refusal {
                return DashboardAnswers.invalid(refusal.field, refusal.message)
            } catch let stale as AdministrationSettings.StaleVersion {
                return DashboardResponses.json(.conflict, ["code": "stale", "error": .string(stale.description)])
            }
            if !change.changedKeys.isEmpty {
                // Requests of this process see the new settings at once (other instances within 5 s).
                environment.calls.applicationChanged(applicationId: application.applicationId)
                await environment.audit(
                    call, "settings.update", application: application, target: application.applicationId,
                    detail: ["changed": .array(change.changedKeys.map(JSONValue.string))])
            }
            return answer(change.settings, version: change.settingsVersion)
        }
    }

    /// The settings as the page reads them: the groups, `version` and the server's `rateLimits` (null when unknown).
    private func answer(_ settings: ApplicationSettings, version: Int64) -> Response {
        var object = AdministrationSettings.json(settings).objectValue ?? [:]
        object["version"] = .integer(version)
        object["rateLimits"] = environment.operations.rateLimits?.json ?? .null
        return DashboardResponses.json(.ok, .object(object))
    }
}
