import Hummingbird
import KumoStorage
import NCMBWire

/// `GET /apps/{app}/push/{objectId}/outcomes?outcome=&limit=&skip=` (docs/dashboard.md#push): the push's delivery
/// state and the latest outcome of each of its devices (docs/decisions/0082-per-device-push-outcomes.md). Composing and
/// listing pushes is the objects API on `push`.
struct PushController: Sendable {
    let environment: DashboardEnvironment

    /// The most outcomes one page lists.
    static let maximumPage = 1000

    func outcomes(_ request: DashboardAPIRoute.PushOutcomesRequest, application: HostedApplication) async throws -> Response {
        var kind: PushOutcome.Kind?
        if let outcome = request.outcome, !outcome.isEmpty {
            guard let parsed = PushOutcome.Kind(rawValue: outcome) else {
                return DashboardAnswers.invalid("outcome", "must be delivered, failed or retrying")
            }
            kind = parsed
        }
        return try await DashboardAnswers.withPage(limit: request.limit, skip: request.skip, maximum: Self.maximumPage) { limit, skip in
            let push = await environment.perform(.objects(.push, .get(objectId: request.objectId)), application: application)
            guard DashboardAnswers.succeeded(push) else { return DashboardAnswers.ncmb(push) }
            let page = try await environment.storage.pushOutcomes.outcomes(
                applicationId: application.applicationId, pushId: request.objectId, kind: kind, limit: limit, skip: skip)
            return DashboardResponses.json(
                .ok,
                [
                    "push": .object(Self.summary(DashboardAnswers.object(push), objectId: request.objectId)),
                    "results": .array(page.results.map(Self.json)), "count": .integer(Int64(page.count)),
                ])
        }
    }

    /// The push's delivery state: `status`, `deliveryPlanNumber`, `deliveryNumber`, the counts of its `error` and the
    /// `error` itself.
    static func summary(_ push: JSONObject, objectId: String) -> JSONObject {
        let error = push[StandardField.Push.error.rawValue] ?? .null
        return [
            "objectId": .string(objectId), "status": push[StandardField.Push.status.rawValue] ?? .null,
            "deliveryPlanNumber": push[StandardField.Push.deliveryPlanNumber.rawValue] ?? .null,
            "deliveryNumber": push[StandardField.Push.deliveryNumber.rawValue] ?? .null,
            "failedDevices": error.objectValue?["failedDevices"] ?? .integer(0),
            "retryingDevices": error.objectValue?["retryingDevices"] ?? .integer(0), "error": error,
        ]
    }

    /// One outcome: `{"installationId","deviceType","outcome","reasonCode","reason","attempt","time"}`.
    static func json(_ outcome: PushOutcome) -> JSONValue {
        [
            "installationId": .string(outcome.installationId), "deviceType": .string(outcome.deviceType),
            "outcome": .string(outcome.kind.rawValue), "reasonCode": outcome.reasonCode.map(JSONValue.string) ?? .null,
            "reason": outcome.reason.map(JSONValue.string) ?? .null, "attempt": .integer(Int64(outcome.attempt)),
            "time": .string(outcome.time.formatted),
        ]
    }
}
