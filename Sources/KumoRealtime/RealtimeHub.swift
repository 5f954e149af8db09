import KumoSeams
import KumoStorage
import Logging
import NIOConcurrencyHelpers

/// The connections of one server and the change feed they share (docs/architecture.md#realtime).
///
/// The hub listens to the storage's ``ChangeFeed`` only while at least one subscription exists, so writes pay nothing
/// for realtime otherwise; it hands each commit's changes to the connections of the changed application, each of
/// which decides for itself what its subscriptions see.
final class RealtimeHub: Sendable {
    private struct State {
        var connections: [Int: RealtimeConnection] = [:]
        var connectionsByApplication: [String: Set<Int>] = [:]
        var nextIdentifier = 0
    }

    private let state = NIOLockedValueBox(State())
    private let pump: FeedPump
    let configuration: RealtimeConfiguration
    let metrics: RealtimeMetrics
    let observer: (any RealtimeMatchingObserver)?

    init(
        feed: ChangeFeed?, configuration: RealtimeConfiguration, metrics: RealtimeMetrics, logger: Logger,
        observer: (any RealtimeMatchingObserver)?
    ) {
        self.configuration = configuration
        self.observer = observer
        self.metrics = metrics
        self.pump = FeedPump(feed: feed, logger: logger)
    }

    /// A new connection's identifier.
    func nextIdentifier() -> Int {
        state.withLockedValue { state in
            defer { state.nextIdentifier += 1 }
            return state.nextIdentifier
        }
    }

    /// Admits an authenticated connection of an application.
    ///
    /// - Returns: `false` when the application has its maximum of connections on this instance.
    func admit(_ connection: RealtimeConnection, applicationId: String) -> Bool {
        let admitted = state.withLockedValue { state in
            let current = state.connectionsByApplication[applicationId, default: []]
            guard current.count < configuration.maximumConnectionsPerApplication else { return false }
            state.connectionsByApplication[applicationId, default: []].insert(connection.identifier)
            state.connections[connection.identifier] = connection
            return true
        }
        if admitted { metrics.connectionAdmitted() }
        return admitted
    }

    /// Forgets a connection that ended.
    func remove(_ connection: RealtimeConnection, applicationId: String) {
        let removed = state.withLockedValue { state in
            guard state.connections.removeValue(forKey: connection.identifier) != nil else { return false }
            state.connectionsByApplication[applicationId]?.remove(connection.identifier)
            if state.connectionsByApplication[applicationId]?.isEmpty == true {
                state.connectionsByApplication.removeValue(forKey: applicationId)
            }
            return true
        }
        if removed { metrics.connectionEnded() }
    }

    /// Takes one subscription's share of the feed: returns once the feed delivers every write that starts afterwards.
    ///
    /// - Throws: `StorageError.unavailable` when the storage cannot listen.
    func retain() async throws {
        try await pump.retain(hub: self)
        metrics.subscriptionAdded()
    }

    /// Gives one subscription's share back; the feed is let go with the last one.
    func release(_ count: Int = 1) {
        guard count > 0 else { return }
        metrics.subscriptionsRemoved(count)
        Task { await pump.release(count) }
    }

    /// Hands one feed event to the connections it concerns.
    func dispatch(_ event: ChangeFeedEvent) {
        switch event {
        case .changes(let changes):
            var byApplication: [String: [StorageChange]] = [:]
            for change in changes { byApplication[change.applicationId, default: []].append(change) }
            for (applicationId, changes) in byApplication {
                for connection in connections(of: applicationId) { connection.deliver(.changes(changes)) }
            }
        case .interrupted:
            for connection in state.withLockedValue({ Array($0.connections.values) }) { connection.deliver(.interrupted) }
        }
    }

    private func connections(of applicationId: String) -> [RealtimeConnection] {
        state.withLockedValue { state in
            (state.connectionsByApplication[applicationId] ?? []).compactMap { state.connections[$0] }
        }
    }
}

extension StorageChange {
    /// The application the change belongs to.
    var applicationId: String {
        switch self {
        case .object(let change): change.applicationId
        case .sessionsEnded(let applicationId, _): applicationId
        }
    }
}

/// Listens to the change feed while subscriptions exist and pumps its events into the hub.
private actor FeedPump {
    private let feed: ChangeFeed?
    private let logger: Logger
    private var count = 0
    private var listener: ChangeFeedListener?
    private var starting: Task<ChangeFeedListener, any Error>?
    private var pumping: Task<Void, Never>?

    init(feed: ChangeFeed?, logger: Logger) {
        self.feed = feed
        self.logger = logger
    }

    func retain(hub: RealtimeHub) async throws {
        guard let feed else { throw StorageError.unavailable("This storage has no change feed.") }
        count += 1
        if listener != nil { return }
        let start: Task<ChangeFeedListener, any Error>
        if let starting {
            start = starting
        } else {
            start = Task { try await feed.listen() }
            starting = start
        }
        do {
            let started = try await start.value
            if starting == start {
                starting = nil
                listener = started
                pumping = Task { [weak hub, weak self] in
                    for await event in started.events {
                        // Subscriptions made from now on must wait until the engine listens again.
                        if case .interrupted = event { await self?.forget(started) }
                        hub?.dispatch(event)
                    }
                }
            }
        } catch {
            if starting == start { starting = nil }
            count -= 1
            throw error
        }
        if count == 0 { stop() }
    }

    /// Lets go of a listener whose feed was interrupted; the next subscription listens anew.
    func forget(_ interrupted: ChangeFeedListener) {
        guard let listener, listener.identifier == interrupted.identifier else { return }
        stop()
    }

    func release(_ released: Int) {
        count = max(0, count - released)
        if count == 0 { stop() }
    }

    private func stop() {
        guard listener != nil else { return }
        listener?.stop()
        listener = nil
        pumping = nil
        logger.debug("The realtime hub stopped listening to the change feed")
    }
}
