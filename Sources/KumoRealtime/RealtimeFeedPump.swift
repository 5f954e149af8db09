import KumoStorage
import Logging

/// Listens to the change feed while subscriptions exist and pumps its events into the hub.
actor FeedPump {
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
