import HTTPTypes
import HummingbirdWebSocket
import KumoSeams
import KumoStorage
import Logging
import NCMBWire
import NIOConcurrencyHelpers
import NIOCore

/// One WebSocket connection (docs/wire/realtime.md): its queue, and the one task that handles what arrives in order —
/// client messages, committed changes, timers — and writes every reply and event.
///
/// Everything the connection decides it decides in that task, so its state (caller, subscriptions, role cache) needs
/// no lock, and the events of one object leave in the order the feed delivered them: commit order.
final class RealtimeConnection: Sendable {
    /// Unique within the hub.
    let identifier: Int
    let queue: RealtimeQueue
    private let hub: RealtimeHub
    private let channel: any Channel
    private let hasOverflowed = NIOLockedValueBox(false)

    init(identifier: Int, hub: RealtimeHub, channel: any Channel) {
        self.identifier = identifier
        self.hub = hub
        self.channel = channel
        self.queue = RealtimeQueue(limit: hub.configuration.maximumQueuedItems)
    }

    /// Queues an item from the hub or a timer; a full queue makes the connection a slow consumer.
    func deliver(_ item: RealtimeQueue.Item) {
        guard case .full = queue.push(item) else { return }
        overflow()
    }

    /// The connection cannot keep up: everything queued is dropped, the slow-consumer error goes next, and the
    /// connection is cut after the grace period if the client does not even read that.
    func overflow() {
        let isFirst = hasOverflowed.withLockedValue { overflowed in
            defer { overflowed = true }
            return !overflowed
        }
        guard isFirst else { return }
        hub.metrics.disconnected(reason: "slow_consumer")
        hub.metrics.eventsDropped(hub.configuration.maximumQueuedItems)
        queue.pushUrgent(.slowConsumer, replacing: true)
        let grace = hub.configuration.slowConsumerGrace
        let channel = channel
        Task {
            try? await Task.sleep(for: grace)
            channel.close(promise: nil)
        }
    }
}

/// The state of a connection, owned by its processing task.
final class RealtimeSession {
    /// A subscription of the connection.
    struct Subscription {
        /// The client's identifier of it.
        var requestId: Int64
        /// Its token in the hub's registry.
        var token: Int
        /// Its class.
        var className: ClassName
        /// Its `keys`, if any.
        var keys: [FieldName]?
        /// Whether its `where` uses `$regex` (docs/wire/realtime.md#limits).
        var usesRegex: Bool
        /// The size of its `where` as compact JSON.
        var whereBytes: Int
    }

    /// Who the connection authenticated as; `nil` until it has.
    var caller: RealtimeCaller?
    /// The subscriptions by `requestId`.
    var subscriptions: [Int64: Subscription] = [:]
    /// The roles of the signed-in user, read on first need, with the hub's generation of the application's roles then:
    /// read again once a role changed.
    var roles: (generation: Int, names: Set<String>)?

    init() {}
}
