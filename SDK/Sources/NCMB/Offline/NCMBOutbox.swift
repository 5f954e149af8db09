import Foundation
internal import NCMBWire

/// The durable queue of writes made with `saveEventually()` and `deleteEventually()`: they survive the app being
/// offline and being killed, and are sent in order when the network allows.
///
/// Each client has one (``NCMBClient/outbox``; ``NCMB/outbox`` for the default client). Its queue is one file in
/// ``NCMBOutboxConfiguration/folder``, rewritten atomically before a write is acknowledged, and read again by the next
/// process. Every write carries an idempotency key, so that a write whose answer was lost is not stored twice by Kumo
/// (docs/wire/idempotency.md).
///
/// ```swift
/// try await note.saveEventually()        // returns once the write is on disk
/// for await event in NCMB.outbox.events { // what became of it
///     if case .refused(let write, let error) = event { show(write, error) }
/// }
/// try await NCMB.flushOutbox()            // sends now; throws while the network still fails
/// ```
///
/// One outbox per folder per process: two outboxes over the same folder at once would overwrite each other's queue.
///
/// - Note: A Kumo addition.
public final class NCMBOutbox: Sendable {
    private let state: Locked<OutboxState>
    let hub = OutboxEventHub()

    /// Creates an outbox; nothing is read from disk until it is first used.
    ///
    /// - Parameter configuration: The folder and the bounds.
    public init(configuration: NCMBOutboxConfiguration = NCMBOutboxConfiguration()) {
        state = Locked(OutboxState(configuration: configuration))
    }

    /// The folder and the bounds. Changing them takes effect with the next write or flush (the queue is read again
    /// from the new folder).
    public var configuration: NCMBOutboxConfiguration {
        get { state.withLock { $0.configuration } }
        set {
            state.withLock { state in
                state.configuration = newValue
                state.queue = nil
            }
        }
    }

    /// A new stream of what becomes of queued writes from now on: sent, refused, given up or expired. Each access
    /// returns a new stream; it ends when its listener stops listening.
    public var events: AsyncStream<NCMBOutboxEvent> { hub.stream() }

    /// Called with each event as well; `nil` for none.
    public var onEvent: (@Sendable (NCMBOutboxEvent) -> Void)? {
        get { hub.callback }
        set { hub.callback = newValue }
    }

    /// The writes waiting, oldest first.
    ///
    /// - Throws: An error when the queue file exists but cannot be read.
    public func pendingWrites() async throws -> [NCMBOutboxWrite] {
        try await queue().writes
    }

    /// The queue of the configured folder, read on first use.
    func queue() throws -> OutboxQueue {
        try state.withLock { state in
            if let queue = state.queue { return queue }
            let queue = try OutboxQueue(configuration: state.configuration, events: hub)
            state.queue = queue
            return queue
        }
    }

    /// Queues a save, then starts sending when the outbox sends on its own.
    func save(_ target: OutboxTarget, createBody: JSONObject, updateBody: JSONObject, context: NCMBContext) async throws {
        try await queue().save(target, createBody: createBody, updateBody: updateBody, now: context.now())
        startSending(context: context)
    }

    /// Queues a delete, then starts sending when the outbox sends on its own.
    func delete(_ target: OutboxTarget, context: NCMBContext) async throws {
        try await queue().delete(target, now: context.now())
        startSending(context: context)
    }

    /// Sends every queued write now, in order.
    ///
    /// - Throws: The error of the first write that could not be delivered; writes the server refused are not errors
    ///   here (they leave with a ``NCMBOutboxEvent/refused(_:error:)`` event).
    func flush(context: NCMBContext) async throws {
        try await queue().flush(context: context)
    }

    /// Starts sending in the background when there is something to send (after a restart).
    func resume(context: NCMBContext) {
        let folder = configuration.folder.appendingPathComponent(OutboxFile.fileName)
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        startSending(context: context)
    }

    /// Starts the background sender unless it runs or the outbox only sends on ``flush(context:)``.
    func startSending(context: NCMBContext) {
        state.withLock { state in
            guard state.configuration.sendsAutomatically, state.sender == nil else { return }
            state.sender = Task { await self.sendUntilEmpty(context: context) }
            if state.reachability == nil {
                state.reachability = OutboxReachability { [weak self] in self?.networkCameBack(context: context) }
            }
        }
    }

    /// Flushes until the queue is empty, waiting with exponential backoff after each failure.
    private func sendUntilEmpty(context: NCMBContext) async {
        var failures = 0
        while !Task.isCancelled {
            do {
                try await flush(context: context)
                break
            } catch {
                failures += 1
                let delay = configuration.delay(afterFailures: failures, random: context.random())
                state.withLock { $0.waiting = true }
                do { try await context.sleep(delay) } catch { break }
                state.withLock { $0.waiting = false }
            }
        }
        let cancelled = Task.isCancelled
        state.withLock { state in
            state.sender = nil
            state.waiting = false
        }
        if !cancelled, let remaining = try? await queue().writes, !remaining.isEmpty { startSending(context: context) }
    }

    /// The network is back: a sender waiting out its backoff sends now.
    private func networkCameBack(context: NCMBContext) {
        let waitingSender: Task<Void, Never>? = state.withLock { state in
            guard state.waiting, let sender = state.sender else { return nil }
            state.sender = nil
            state.waiting = false
            return sender
        }
        guard let waitingSender else { return }
        waitingSender.cancel()
        startSending(context: context)
    }
}

/// The mutable state of an outbox.
private struct OutboxState: Sendable {
    var configuration: NCMBOutboxConfiguration
    var queue: OutboxQueue?
    var sender: Task<Void, Never>?
    var waiting = false
    var reachability: OutboxReachability?
}
