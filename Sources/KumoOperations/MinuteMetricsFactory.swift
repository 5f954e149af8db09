package import Metrics

/// A swift-metrics factory that feeds a ``MinuteMetrics`` ring from the metrics Kumo records anyway
/// (docs/decisions/0089-always-on-minute-metrics.md): `kumo serve` always bootstraps it, alone or multiplexed with the
/// Prometheus export of `--metrics-port`, so neither the server nor push delivery knows the ring exists.
///
/// It reads three metrics by their documented names (docs/operations.md#metrics) and ignores every other one with a
/// shared handler that does nothing:
/// - `kumo_http_requests_total{route,method,status_class}`: a request, a 4xx or a 5xx;
/// - `kumo_http_request_duration_seconds{route,method}`: its latency;
/// - `kumo_push_deliveries_total{platform,outcome}`: `delivered`, or `failed`/`device_gone` (failed for good).
///
/// Requests of the `dashboard` route (the dashboard mounted on the API port) are left out: the ring shows the API's
/// traffic, not the console's own polling. Handlers are made once and handed out again, so a request costs two lookups
/// and two short locked updates.
package final class MinuteMetricsFactory: MetricsFactory {
    /// The metric names the ring reads.
    package enum Names {
        /// Requests by status class.
        package static let requests = "kumo_http_requests_total"
        /// Request latency.
        package static let requestDuration = "kumo_http_request_duration_seconds"
        /// Push deliveries by outcome.
        package static let pushDeliveries = "kumo_push_deliveries_total"
        /// The route of requests that are not counted.
        package static let excludedRoute = "dashboard"
    }

    /// The ring it feeds.
    package let ring: MinuteMetrics
    private let ignored = Ignored()
    private let requestCounters: [RequestCounter]
    private let latency: LatencyTimer
    private let delivered: PushCounter
    private let failed: PushCounter

    /// Feeds `ring`, stamping each value with `now` (milliseconds since 1970: the server's wall clock).
    package init(ring: MinuteMetrics, now: @escaping @Sendable () -> Int64) {
        self.ring = ring
        requestCounters = (0...5).map { RequestCounter(ring: ring, statusClass: $0, now: now) }
        latency = LatencyTimer(ring: ring, now: now)
        delivered = PushCounter(ring: ring, delivered: true, now: now)
        failed = PushCounter(ring: ring, delivered: false, now: now)
    }

    package func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        switch label {
        case Names.requests:
            guard !Self.isExcluded(dimensions), let statusClass = Self.value("status_class", in: dimensions) else { return ignored }
            let digit = statusClass.utf8.first.map { Int($0) - Int(UInt8(ascii: "0")) } ?? 0
            return requestCounters[(0...5).contains(digit) ? digit : 0]
        case Names.pushDeliveries:
            switch Self.value("outcome", in: dimensions) {
            case "delivered": return delivered
            case "failed", "device_gone": return failed
            default: return ignored
            }
        default:
            return ignored
        }
    }

    package func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        label == Names.requestDuration && !Self.isExcluded(dimensions) ? latency : ignored
    }

    package func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler { ignored }
    package func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler { ignored }
    package func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        ignored
    }
    package func destroyCounter(_ handler: any CounterHandler) {}
    package func destroyRecorder(_ handler: any RecorderHandler) {}
    package func destroyTimer(_ handler: any TimerHandler) {}
    package func destroyMeter(_ handler: any MeterHandler) {}
    package func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) {}

    private static func value(_ name: String, in dimensions: [(String, String)]) -> String? {
        dimensions.first { $0.0 == name }?.1
    }

    private static func isExcluded(_ dimensions: [(String, String)]) -> Bool {
        value("route", in: dimensions) == Names.excludedRoute
    }
}

/// Counts requests of one status class.
private final class RequestCounter: CounterHandler {
    let ring: MinuteMetrics
    let statusClass: Int
    let now: @Sendable () -> Int64

    init(ring: MinuteMetrics, statusClass: Int, now: @escaping @Sendable () -> Int64) {
        (self.ring, self.statusClass, self.now) = (ring, statusClass, now)
    }

    func increment(by amount: Int64) {
        ring.countRequest(statusClass: statusClass, count: Int(max(0, amount)), at: now())
    }

    func reset() {}
}

/// Records request latencies.
private final class LatencyTimer: TimerHandler {
    let ring: MinuteMetrics
    let now: @Sendable () -> Int64

    init(ring: MinuteMetrics, now: @escaping @Sendable () -> Int64) {
        (self.ring, self.now) = (ring, now)
    }

    func recordNanoseconds(_ duration: Int64) { ring.recordLatency(nanoseconds: duration, at: now()) }
}

/// Counts push deliveries of one outcome.
private final class PushCounter: CounterHandler {
    let ring: MinuteMetrics
    let delivered: Bool
    let now: @Sendable () -> Int64

    init(ring: MinuteMetrics, delivered: Bool, now: @escaping @Sendable () -> Int64) {
        (self.ring, self.delivered, self.now) = (ring, delivered, now)
    }

    func increment(by amount: Int64) { ring.countPush(delivered: delivered, count: Int(max(0, amount)), at: now()) }
    func reset() {}
}

/// Every metric the ring does not read.
private final class Ignored: CounterHandler, TimerHandler, RecorderHandler, MeterHandler, FloatingPointCounterHandler {
    func increment(by amount: Int64) {}
    func increment(by amount: Double) {}
    func reset() {}
    func recordNanoseconds(_ duration: Int64) {}
    func record(_ value: Int64) {}
    func record(_ value: Double) {}
    func set(_ value: Int64) {}
    func set(_ value: Double) {}
    func decrement(by amount: Double) {}
}
