import Metrics

/// What the realtime module records for operators (docs/operations.md#metrics): open connections and subscriptions,
/// events sent and dropped, and disconnections by reason.
struct RealtimeMetrics: Sendable {
    /// Where the records go (the process's bootstrapped factory in `kumo serve`).
    let factory: any MetricsFactory
    /// `kumo_realtime_events_sent_total` of each event, made once: a fan-out counts one per subscriber.
    private let eventsSent: [RealtimeEvent: Counter]

    /// Records into `factory`.
    init(factory: any MetricsFactory) {
        self.factory = factory
        var eventsSent: [RealtimeEvent: Counter] = [:]
        for event in RealtimeEvent.allCases {
            eventsSent[event] = Counter(label: "kumo_realtime_events_sent_total", dimensions: [("event", event.rawValue)], factory: factory)
        }
        self.eventsSent = eventsSent
    }

    /// An authenticated connection was admitted: `kumo_realtime_connections` goes up.
    func connectionAdmitted() {
        Meter(label: "kumo_realtime_connections", factory: factory).increment()
    }

    /// An admitted connection ended.
    func connectionEnded() {
        Meter(label: "kumo_realtime_connections", factory: factory).decrement()
    }

    /// A subscription was acknowledged: `kumo_realtime_subscriptions` goes up.
    func subscriptionAdded() {
        Meter(label: "kumo_realtime_subscriptions", factory: factory).increment()
    }

    /// Subscriptions ended (unsubscribed, refused later, or closed with their connection).
    func subscriptionsRemoved(_ count: Int) {
        Meter(label: "kumo_realtime_subscriptions", factory: factory).decrement(by: Double(count))
    }

    /// An event was written to a subscriber: `kumo_realtime_events_sent_total{event}`.
    func eventSent(_ event: RealtimeEvent) {
        eventsSent[event]?.increment()
    }

    /// Queued changes were dropped because their connection could not keep up: `kumo_realtime_events_dropped_total`.
    func eventsDropped(_ count: Int) {
        Counter(label: "kumo_realtime_events_dropped_total", factory: factory).increment(by: Int64(count))
    }

    /// A connection was closed by the server: `kumo_realtime_disconnects_total{reason}` (`authentication`,
    /// `session_ended`, `slow_consumer`, `connection_limit`, `client`, `error`).
    func disconnected(reason: String) {
        Counter(label: "kumo_realtime_disconnects_total", dimensions: [("reason", reason)], factory: factory).increment()
    }
}
