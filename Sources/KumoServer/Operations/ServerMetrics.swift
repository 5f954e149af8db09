package import Metrics
import NIOConcurrencyHelpers

/// Every metric the server records, with its name and labels in one place (docs/operations.md#metrics lists them).
///
/// The names follow Prometheus' conventions (`_total` for counters, `_seconds` for durations); label sets never change
/// for a name (the Prometheus registry refuses a name with and without labels). Values recorded through the default
/// factory go wherever `MetricsSystem` was bootstrapped (`kumo serve`: its metrics listener; otherwise nowhere).
package struct ServerMetrics: Sendable {
    /// Where the metrics go.
    package let factory: any MetricsFactory
    /// The handles of the metrics recorded per request, made once per label set and kept.
    private let perRequest = PerRequestHandles()

    /// Records through `factory`; the process's bootstrapped factory by default.
    package init(factory: any MetricsFactory = MetricsSystem.factory) {
        self.factory = factory
    }

    /// A request answered: `kumo_http_requests_total{route,method,status_class}` and
    /// `kumo_http_request_duration_seconds{route,method}`.
    ///
    /// Their handles are made once per route, method and status class and kept, so a request costs one look-up rather
    /// than two handles made by the factory (docs/decisions/0166-per-request-path-without-per-request-allocations.md).
    package func requestAnswered(route: String, method: String, status: Int, duration: Duration) {
        let method = Self.methodLabel(method)
        let key = PerRequestHandles.RequestKey(route: route, method: method, statusClass: status / 100)
        let handles = perRequest.request(key) {
            (
                Counter(
                    label: "kumo_http_requests_total",
                    dimensions: [("route", route), ("method", method), ("status_class", "\(status / 100)xx")], factory: factory),
                Timer(label: "kumo_http_request_duration_seconds", dimensions: [("route", route), ("method", method)], factory: factory)
            )
        }
        handles.counter.increment()
        handles.timer.record(duration: duration)
    }

    /// The `method` label of `method`: the methods HTTP defines keep their name, any other is `other`, so a client
    /// choosing its method cannot add label series to the export.
    static func methodLabel(_ method: String) -> String {
        switch method {
        case "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "CONNECT", "TRACE": method
        default: "other"
        }
    }

    /// An NCMB error answered: `kumo_ncmb_errors_total{code}` (the code carries its status: E404001 is a 404).
    package func errorAnswered(code: String) {
        perRequest.error(code) { Counter(label: "kumo_ncmb_errors_total", dimensions: [("code", code)], factory: factory) }.increment()
    }

    /// A request turned away by a rate limit: `kumo_rate_limit_refusals_total{scope}` (`address` or `application`).
    package func rateLimitRefused(scope: String) {
        Counter(label: "kumo_rate_limit_refusals_total", dimensions: [("scope", scope)], factory: factory).increment()
    }

    /// A request whose signature did not verify: `kumo_signature_failures_total`.
    package func signatureFailed() {
        Counter(label: "kumo_signature_failures_total", factory: factory).increment()
    }

    /// A connection accepted (`admitted`) or closed at once at the maximum: `kumo_http_connections_total{outcome}`;
    /// the connections open now: `kumo_http_open_connections`.
    package func connectionAccepted(admitted: Bool) {
        Counter(
            label: "kumo_http_connections_total", dimensions: [("outcome", admitted ? "served" : "refused")], factory: factory
        ).increment()
        if admitted { Meter(label: "kumo_http_open_connections", factory: factory).increment() }
    }

    /// An admitted connection closed.
    package func connectionClosed() {
        Meter(label: "kumo_http_open_connections", factory: factory).decrement()
    }

    /// A mail handed to the transport: `kumo_mail_messages_total{purpose,outcome}` (`sent` or `failed`).
    package func mailHandedOver(purpose: String, sent: Bool) {
        Counter(
            label: "kumo_mail_messages_total", dimensions: [("purpose", purpose), ("outcome", sent ? "sent" : "failed")],
            factory: factory
        ).increment()
    }

    /// A script call that reached the runner: `kumo_script_runs_total{outcome}` (`success`, `failure`, `refused`) and,
    /// for calls that ran, `kumo_script_duration_seconds`.
    package func scriptRan(outcome: String, duration: Duration?) {
        Counter(label: "kumo_script_runs_total", dimensions: [("outcome", outcome)], factory: factory).increment()
        if let duration { Timer(label: "kumo_script_duration_seconds", factory: factory).record(duration: duration) }
    }
}

/// The metric handles ``ServerMetrics`` records per request, made through its factory on first use and kept: the label
/// sets are a route, a method, a status class or an NCMB error code. Clients choose the method, so at most
/// ``maximumEntries`` label sets are kept; past them, handles are made for each use as before.
private final class PerRequestHandles: Sendable {
    struct RequestKey: Hashable {
        var route: String
        var method: String
        var statusClass: Int
    }

    /// The most label sets kept per kind.
    static let maximumEntries = 1024

    private let requests = NIOLockedValueBox<[RequestKey: (counter: Counter, timer: Timer)]>([:])
    private let errors = NIOLockedValueBox<[String: Counter]>([:])

    /// The handles of `key`, made with `make` the first time.
    func request(_ key: RequestKey, make: () -> (Counter, Timer)) -> (counter: Counter, timer: Timer) {
        if let handles = requests.withLockedValue({ $0[key] }) { return handles }
        let made = make()
        return requests.withLockedValue { handles in
            if let kept = handles[key] { return kept }
            if handles.count < Self.maximumEntries { handles[key] = made }
            return made
        }
    }

    /// The counter of `code`, made with `make` the first time.
    func error(_ code: String, make: () -> Counter) -> Counter {
        if let counter = errors.withLockedValue({ $0[code] }) { return counter }
        let made = make()
        return errors.withLockedValue { counters in
            if let kept = counters[code] { return kept }
            if counters.count < Self.maximumEntries { counters[code] = made }
            return made
        }
    }
}
