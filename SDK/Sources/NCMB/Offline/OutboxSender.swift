import Foundation
internal import NCMBWire

/// Sends one queued write with its idempotency key (docs/wire/idempotency.md), so that a write whose answer was lost
/// is answered, when sent again, with its first answer instead of being stored twice.
struct OutboxSender: Sendable {
    let context: NCMBContext

    /// Sends `entry` to the object `objectId` (for an update or delete) and returns the answer's JSON.
    ///
    /// - Throws: ``NCMBApiError`` for an error answer; the transport's error when no answer arrived.
    func send(_ entry: OutboxEntry, objectId: String?) async throws -> JSONObject {
        let executor = NCMBRequestExecutor(context: context)
        var request = try executor.makeRequest(try route(entry, objectId: objectId), timeout: context.requestTimeout)
        request.headers[NCMBHeaderName.idempotencyKey] = entry.idempotencyKey
        return try await executor.send(request, reading: executor.read).contents
    }

    /// Whether an error answer may pass when sent again: 429 (including Kumo's "the first request with this key still
    /// runs"), any 5xx, or an answer without an NCMB code (a proxy's page). Every other error is a refusal.
    static func isTransient(_ error: NCMBApiError) -> Bool {
        guard error.code.count == 7, let status = Int(error.code.dropFirst().prefix(3)) else { return true }
        return status == 429 || status == 408 || status >= 500
    }

    private func route(_ entry: OutboxEntry, objectId: String?) throws -> APIRoute {
        let reference = try collection(entry.collection).classReference(className: entry.className)
        let body = (try? JSONValue(parsing: entry.body))?.objectValue ?? JSONObject()
        switch (entry.kind, objectId) {
        case (.create, _): return .objects(reference, .create(body))
        case (.update, let objectId?): return .objects(reference, .update(objectId: objectId, body))
        case (.delete, let objectId?): return .objects(reference, .delete(objectId: objectId))
        case (.update, nil), (.delete, nil): throw NCMBInvalidRequestError.emptyObjectId
        }
    }

    private func collection(_ name: String) throws -> NCMBCollection {
        switch name {
        case "users": .users
        case "installations": .installations
        case "classes": .classes
        default: throw NCMBInvalidRequestError.invalidClassName
        }
    }
}

/// The listeners of one outbox's events: the callback and every `events` stream.
final class OutboxEventHub: Sendable {
    private let state = Locked<
        (callback: (@Sendable (NCMBOutboxEvent) -> Void)?, streams: [UUID: AsyncStream<NCMBOutboxEvent>.Continuation])
    >(
        (nil, [:]))

    /// The callback, replaced by each assignment.
    var callback: (@Sendable (NCMBOutboxEvent) -> Void)? {
        get { state.withLock { $0.callback } }
        set { state.withLock { $0.callback = newValue } }
    }

    /// A new stream of the events from now on; it ends when its listener stops listening.
    func stream() -> AsyncStream<NCMBOutboxEvent> {
        let (stream, continuation) = AsyncStream<NCMBOutboxEvent>.makeStream()
        let id = UUID()
        state.withLock { $0.streams[id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.streams.removeValue(forKey: id) } }
        return stream
    }

    /// Hands `event` to every listener.
    func publish(_ event: NCMBOutboxEvent) {
        let (callback, streams) = state.withLock { ($0.callback, Array($0.streams.values)) }
        callback?(event)
        for stream in streams { stream.yield(event) }
    }
}
