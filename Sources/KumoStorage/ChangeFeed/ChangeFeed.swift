/// The change feed of one storage (docs/architecture.md#change-feed): every committed write, in commit order, for the
/// listeners of this process (the realtime module).
///
/// Engines publish to it after each commit, and only while someone listens (``isListened``): with no listener, writes
/// build no change and pay nothing. SQLite's single writer publishes after each group commit; PostgreSQL announces
/// changes with `NOTIFY` inside each write transaction and publishes what its `LISTEN` connection receives, so a write
/// through any instance reaches the listeners of all of them.
///
/// A listener receives ``ChangeFeedEvent/changes(_:)`` in commit order, or ``ChangeFeedEvent/interrupted`` when the feed
/// may have lost changes (PostgreSQL's `LISTEN` connection was lost): a listener that keeps state derived from the feed
/// must start again from the stored state.
package final class ChangeFeed: Sendable {
    /// What a listener has registered.
    private struct Listeners {
        var continuations: [Int: AsyncStream<ChangeFeedEvent>.Continuation] = [:]
        var nextIdentifier = 0
    }

    private let listeners = LockedValue(Listeners())
    /// Whether anyone listens; read by writers on every write without the lock's cost of the listener table.
    private let listenerCount = LockedValue(0)
    /// What the engine does when the first listener comes and the last one goes (PostgreSQL: `LISTEN` and its
    /// listener row); `nil` for an engine that needs nothing (SQLite).
    private let source: (any ChangeFeedSource)?

    /// Creates a feed.
    ///
    /// - Parameter source: the engine's side of listening, if it has one.
    package init(source: (any ChangeFeedSource)? = nil) {
        self.source = source
    }

    /// Whether at least one listener is registered: engines build and publish changes only then.
    package var isListened: Bool { listenerCount.withLock { $0 > 0 } }

    /// Registers a listener and returns its events; the listener ends when the stream's consumer stops iterating or
    /// calls ``ChangeFeedListener/stop()``.
    ///
    /// Returns once the engine is ready to deliver (PostgreSQL: listening and registered), so every write that starts
    /// after this returns reaches the listener.
    ///
    /// - Throws: `StorageError.unavailable` when the engine cannot listen.
    package func listen() async throws -> ChangeFeedListener {
        let (stream, continuation) = AsyncStream<ChangeFeedEvent>.makeStream(bufferingPolicy: .unbounded)
        let identifier = listeners.withLock { listeners in
            let identifier = listeners.nextIdentifier
            listeners.nextIdentifier += 1
            listeners.continuations[identifier] = continuation
            return identifier
        }
        listenerCount.withLock { $0 += 1 }
        continuation.onTermination = { [weak self] _ in self?.remove(identifier) }
        // Every listener waits for the source, not only the first: a second listener must not return before the
        // first one's start has finished.
        if let source {
            do {
                try await source.startListening()
            } catch {
                continuation.finish()
                throw error
            }
        }
        return ChangeFeedListener(identifier: identifier, events: stream, stop: { continuation.finish() })
    }

    /// Hands committed changes, in commit order, to every listener.
    package func publish(_ changes: [StorageChange]) {
        guard !changes.isEmpty else { return }
        let continuations = listeners.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.yield(.changes(changes)) }
    }

    /// Tells every listener that changes may have been lost.
    package func interrupt() {
        let continuations = listeners.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.yield(.interrupted) }
    }

    /// Ends every listener's stream (the storage is closing).
    package func finish() {
        let continuations = listeners.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.finish() }
    }

    private func remove(_ identifier: Int) {
        let removed = listeners.withLock { $0.continuations.removeValue(forKey: identifier) != nil }
        guard removed else { return }
        let isLast = listenerCount.withLock { count in
            count -= 1
            return count == 0
        }
        if isLast, let source { source.stopListening() }
    }
}

/// What a listener of the ``ChangeFeed`` receives.
package enum ChangeFeedEvent: Sendable {
    /// Changes of one commit (or one group commit), in commit order.
    case changes([StorageChange])
    /// Changes may have been lost since the previous event.
    case interrupted
}

/// One registered listener of a ``ChangeFeed``.
package struct ChangeFeedListener: Sendable {
    /// Unique among the feed's listeners.
    package let identifier: Int
    /// The events, in commit order.
    package let events: AsyncStream<ChangeFeedEvent>
    private let stopListening: @Sendable () -> Void

    init(identifier: Int, events: AsyncStream<ChangeFeedEvent>, stop: @escaping @Sendable () -> Void) {
        self.identifier = identifier
        self.events = events
        self.stopListening = stop
    }

    /// Ends the listener: its stream finishes and the feed forgets it.
    package func stop() { stopListening() }
}

/// An engine's side of listening: what must happen before changes can be delivered, and when nobody listens anymore.
package protocol ChangeFeedSource: Sendable {
    /// Prepares delivery; returns once every write that starts afterwards will be delivered. Called for every new
    /// listener: it returns at once when delivery is already running.
    ///
    /// - Throws: `StorageError.unavailable` when the engine cannot listen.
    func startListening() async throws
    /// The last listener has gone.
    func stopListening()
}

/// Changes recorded by the units of one open write transaction, published after it commits.
///
/// A unit that rolls back to its savepoint discards what it recorded (``mark`` and ``discard(after:)``).
package final class ChangeRecorder: Sendable {
    private let recorded = LockedValue([StorageChange]())

    /// Creates an empty recorder.
    package init() {}

    /// Records a change.
    package func record(_ change: StorageChange) { recorded.withLock { $0.append(change) } }

    /// How many changes are recorded: a mark to discard back to.
    package var mark: Int { recorded.withLock { $0.count } }

    /// Discards the changes recorded after `mark`.
    package func discard(after mark: Int) {
        recorded.withLock { changes in
            if changes.count > mark { changes.removeSubrange(mark...) }
        }
    }

    /// Every recorded change, in order.
    package var changes: [StorageChange] { recorded.withLock { $0 } }
}
