import Hummingbird
import KumoStorage
import NCMBWire

/// `GET|PUT /apps/{app}/settings` (docs/dashboard.md#settings): the settings grouped, secrets masked; a change is a
/// partial object of the same shape, checked and applied by ``AdministrationSettings`` (as the CLI does) and audited
/// as `settings.update` with the keys it changed, never their values.
struct SettingsController: Sendable {
    let environment: DashboardEnvironment

    func handle(_ request: DashboardAPIRoute.SettingsRequest, applicationName: String, call: DashboardAPI.Call) async throws -> Response {
        guard let application = try await environment.storage.applications.application(named: applicationName) else {
            return DashboardAnswers.noApplication(applicationName)
        }
        switch request {
        case .get:
            return DashboardResponses.json(.ok, AdministrationSettings.json(application.settings))
        case .update:
            guard let patch = DashboardAPI.object(call.body) else {
                return DashboardAnswers.invalid("settings", "must be a JSON object of settings groups")
            }
            let change: AdministrationSettings.Change
            do {
                change = try await environment.settings.update(application, patch: patch, storage: environment.storage)
            } catch let refusal as AdministrationSettings.Refusal {
                return DashboardAnswers.invalid(refusal.field, refusal.message)
            }
            if !change.changedKeys.isEmpty {
                try await environment.audit(
                    call, "settings.update", application: application, target: application.applicationId,
                    detail: ["changed": .array(change.changedKeys.map(JSONValue.string))])
            }
            return DashboardResponses.json(.ok, AdministrationSettings.json(change.settings))
        }
    }
}
