import Hummingbird
import KumoOperations
import KumoSeams
import KumoStorage
import NCMBWire

/// `GET /metrics?minutes=60&application=` (docs/dashboard.md#overview-metrics): this instance's requests, errors,
/// latency percentiles and push deliveries per minute, from the ring `kumo serve` always feeds (``MinuteMetrics``), and
/// every instance of the deployment with its totals of the last hour (``InstanceHeartbeats``). With `application` (a
/// name), the points are that application's requests, errors and latency on this instance
/// (``ApplicationMinuteMetrics``, docs/decisions/0158-per-application-overview.md), without push deliveries.
struct MetricsController: Sendable {
    let environment: DashboardEnvironment

    func points(minutes: String?, applicationName: String?) async throws -> Response {
        guard let count = DashboardAnswers.number(minutes, in: 1...MinuteMetrics.defaultCapacity, fallback: 60) else {
            return DashboardAnswers.invalid("minutes", "must be a number from 1 to \(MinuteMetrics.defaultCapacity).")
        }
        let now = environment.clock.now().millisecondsSince1970
        guard let applicationName else {
            let points = environment.metrics?.points(minutes: count, endingAt: now) ?? []
            return try await respond(["minutes": .integer(Int64(count)), "points": .array(points.map { Self.json($0, withPush: true) })])
        }
        return try await environment.withApplication(named: applicationName) { application in
            let series = environment.metrics?.applications.series(applicationId: application.applicationId, minutes: count, endingAt: now)
            var points: [MinuteMetrics.Point] = []
            if case .tracked(let tracked)? = series { points = tracked }
            return try await respond([
                "minutes": .integer(Int64(count)), "points": .array(points.map { Self.json($0, withPush: false) }),
                "application": [
                    "name": .string(application.name), "applicationId": .string(application.applicationId),
                    "tracked": .bool(series != .untracked),
                    "maximumTracked": .integer(Int64(environment.metrics?.applications.maximumApplications ?? 0)),
                ],
            ])
        }
    }

    /// The answer with this instance and the instances alive (``InstanceHeartbeats``).
    private func respond(_ object: JSONObject) async throws -> Response {
        var answer = object
        let heartbeats = environment.operations.heartbeats
        answer["instance"] = heartbeats.map { .string($0.instanceId) } ?? .null
        answer["instances"] = .array(try await heartbeats?.listed() ?? [])
        return DashboardResponses.json(.ok, .object(answer))
    }

    /// A point as the answer lists it; push deliveries only for the whole instance.
    static func json(_ point: MinuteMetrics.Point, withPush: Bool) -> JSONValue {
        var object: JSONObject = [
            "time": .string(WireDate(millisecondsSince1970: point.minuteStart).formatted), "requests": .integer(Int64(point.requests)),
            "errors4xx": .integer(Int64(point.errors4xx)), "errors5xx": .integer(Int64(point.errors5xx)),
            "p50Milliseconds": point.p50Milliseconds.map { .double(($0 * 1000).rounded() / 1000) } ?? .null,
            "p99Milliseconds": point.p99Milliseconds.map { .double(($0 * 1000).rounded() / 1000) } ?? .null,
        ]
        if withPush {
            object["pushDelivered"] = .integer(Int64(point.pushDelivered))
            object["pushFailed"] = .integer(Int64(point.pushFailed))
        }
        return .object(object)
    }
}
