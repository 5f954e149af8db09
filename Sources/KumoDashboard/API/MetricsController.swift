import Hummingbird
import KumoOperations
import KumoSeams
import NCMBWire

/// `GET /metrics?minutes=60` (docs/dashboard.md#overview-metrics): this instance's requests, errors, latency
/// percentiles and push deliveries per minute, from the ring `kumo serve` always feeds (``MinuteMetrics``), and every
/// instance of the deployment with its totals of the last hour (``InstanceHeartbeats``).
struct MetricsController: Sendable {
    let environment: DashboardEnvironment

    func points(minutes: String?) async throws -> Response {
        var count = 60
        if let minutes {
            guard let parsed = Int(minutes), (1...MinuteMetrics.defaultCapacity).contains(parsed) else {
                return DashboardAnswers.invalid("minutes", "must be a number from 1 to \(MinuteMetrics.defaultCapacity).")
            }
            count = parsed
        }
        let now = environment.clock.now().millisecondsSince1970
        let points = environment.metrics?.points(minutes: count, endingAt: now) ?? []
        let results: [JSONValue] = points.map { point in
            [
                "time": .string(WireDate(millisecondsSince1970: point.minuteStart).formatted), "requests": .integer(Int64(point.requests)),
                "errors4xx": .integer(Int64(point.errors4xx)), "errors5xx": .integer(Int64(point.errors5xx)),
                "p50Milliseconds": point.p50Milliseconds.map { .double(($0 * 1000).rounded() / 1000) } ?? .null,
                "p99Milliseconds": point.p99Milliseconds.map { .double(($0 * 1000).rounded() / 1000) } ?? .null,
                "pushDelivered": .integer(Int64(point.pushDelivered)), "pushFailed": .integer(Int64(point.pushFailed)),
            ]
        }
        let heartbeats = environment.operations.heartbeats
        return DashboardResponses.json(
            .ok,
            [
                "minutes": .integer(Int64(count)), "points": .array(results),
                "instance": heartbeats.map { .string($0.instanceId) } ?? .null,
                "instances": .array(try await heartbeats?.listed() ?? []),
            ])
    }
}
