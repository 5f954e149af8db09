import Foundation
internal import NCMBWire

/// The queue of one outbox folder: the writes in memory and on disk (every change written atomically before it is
/// acknowledged), merged as they come, and sent in order.
actor OutboxQueue {
    private let configuration: NCMBOutboxConfiguration
    private let events: OutboxEventHub
    private var file: OutboxFile
    /// The write being sent: never merged into, nor dropped by a later delete.
    private var inFlight: UUID?

    /// Loads the queue of the configured folder (an empty one when there is no file yet).
    init(configuration: NCMBOutboxConfiguration, events: OutboxEventHub) throws {
        self.configuration = configuration
        self.events = events
        self.file = try OutboxFile.read(in: configuration.folder)
    }

    /// Whether writes of the object of `localId` wait (or its create landed while later ones wait).
    func holdsWrites(of localId: UUID) -> Bool {
        file.landed[localId] != nil || file.entries.contains { $0.localId == localId }
    }

    /// The writes waiting, oldest first.
    var writes: [NCMBOutboxWrite] { file.entries.map { $0.write(objectId: file.landed[$0.localId]) } }

    /// Queues a write of the object of `localId` and writes the queue file before returning.
    ///
    /// A save of an object whose create waits unsent is merged into that create (fields of the later save win), unless
    /// a field of either is an operator (`Increment`, `Add`…), which cannot be merged: then an update follows.
    ///
    /// - Parameters:
    ///   - createBody: every field, sent when the object still needs a create.
    ///   - updateBody: the changed fields, sent when the object exists or its create is already on its way.
    /// - Throws: ``NCMBOutboxError/full`` past a bound; ``NCMBOutboxError/notWritten(_:)`` when the file could not be written.
    func save(_ target: OutboxTarget, createBody: JSONObject, updateBody: JSONObject, now: Date) throws(NCMBOutboxError) {
        var next = file
        let objectId = target.objectId ?? next.landed[target.localId]
        if objectId == nil, let index = next.entries.lastIndex(where: { $0.localId == target.localId && $0.kind == .create }) {
            if next.entries[index].attempts == 0, next.entries[index].id != inFlight,
                let merged = Self.merge(next.entries[index].body, updateBody)
            {
                next.entries[index].body = merged
            } else {
                next.entries.append(target.entry(.update, objectId: nil, body: updateBody, now: now))
            }
        } else if let objectId {
            next.entries.append(target.entry(.update, objectId: objectId, body: updateBody, now: now))
        } else {
            next.entries.append(target.entry(.create, objectId: nil, body: createBody, now: now))
        }
        try commit(next)
    }

    /// Queues the delete of the object of `localId`; an object whose create never left is simply taken out of the
    /// queue with its other writes.
    func delete(_ target: OutboxTarget, now: Date) throws(NCMBOutboxError) {
        var next = file
        let neverSent = next.entries.contains {
            $0.localId == target.localId && $0.kind == .create && $0.attempts == 0 && $0.id != inFlight
        }
        if target.objectId == nil, next.landed[target.localId] == nil, neverSent {
            next.entries.removeAll { $0.localId == target.localId }
        } else {
            next.entries.append(target.entry(.delete, objectId: target.objectId ?? next.landed[target.localId], body: [:], now: now))
        }
        try commit(next)
    }

    /// Sends every write in order. A refused write leaves (with the writes depending on its create) and the next is
    /// sent; a write that could not be delivered stops the flush.
    ///
    /// - Throws: The error of the first write that could not be delivered (the network, a timeout, a 5xx or 429) and
    ///   has attempts left.
    func flush(context: NCMBContext) async throws {
        dropExpired(now: context.now())
        while let entry = file.entries.first {
            inFlight = entry.id
            defer { inFlight = nil }
            let objectId = entry.objectId ?? file.landed[entry.localId]
            if entry.kind != .create && objectId == nil {
                // Its create left the outbox unsent (refused or given up): nothing to update or delete.
                try remove(entry, dependents: false)
                continue
            }
            do {
                let contents = try await OutboxSender(context: context).send(entry, objectId: objectId)
                try landed(entry, contents: contents)
            } catch let error as NCMBApiError where !OutboxSender.isTransient(error) {
                try remove(entry, dependents: entry.kind == .create)
                events.publish(.refused(entry.write(objectId: objectId), error: error))
            } catch {
                // A write that used its last attempt leaves (a `.gaveUp` event) and the next one is tried.
                guard try attemptFailed(entry, objectId: objectId, error: error) else { continue }
                throw error
            }
        }
    }

    // MARK: - Private

    private func landed(_ entry: OutboxEntry, contents: JSONObject) throws(NCMBOutboxError) {
        var next = file
        next.entries.removeAll { $0.id == entry.id }
        var objectId = entry.objectId ?? next.landed[entry.localId]
        if entry.kind == .create, let created = contents["objectId"]?.stringValue {
            objectId = created
            next.landed[entry.localId] = created
            OutboxObjects.shared.object(entry.localId)?.state.withLock { state in
                if state.fields["objectId"] == nil { state.fields = state.fields.merging(contents) }
            }
        }
        next.landed = next.landed.filter { landed in next.entries.contains { $0.localId == landed.key } }
        try commit(next)
        events.publish(.sent(entry.write(objectId: objectId), objectId: objectId))
    }

    /// Counts a failed attempt; `false` when it was the last one and the write left the outbox.
    private func attemptFailed(_ entry: OutboxEntry, objectId: String?, error: any Error) throws(NCMBOutboxError) -> Bool {
        guard entry.attempts + 1 < configuration.maximumAttempts else {
            try remove(entry, dependents: entry.kind == .create)
            events.publish(.gaveUp(entry.write(objectId: objectId), error: error))
            return false
        }
        var next = file
        if let index = next.entries.firstIndex(where: { $0.id == entry.id }) { next.entries[index].attempts += 1 }
        try commit(next)
        return true
    }

    private func dropExpired(now: Date) {
        let expired = file.entries.filter { now.timeIntervalSince($0.queuedAt) > configuration.maximumAge }
        guard !expired.isEmpty else { return }
        var next = file
        next.entries.removeAll { entry in expired.contains { $0.id == entry.id } }
        do { try commit(next) } catch { return }
        for entry in expired { events.publish(.expired(entry.write(objectId: file.landed[entry.localId]))) }
    }

    private func remove(_ entry: OutboxEntry, dependents: Bool) throws(NCMBOutboxError) {
        var next = file
        next.entries.removeAll { $0.id == entry.id || (dependents && $0.localId == entry.localId) }
        try commit(next)
    }

    /// Checks the bounds, writes the file, then takes `next` as the queue.
    private func commit(_ next: OutboxFile) throws(NCMBOutboxError) {
        let growing = next.entries.count > file.entries.count || bytes(next) > bytes(file)
        if growing, next.entries.count > configuration.maximumEntries || bytes(next) > configuration.maximumBytes { throw .full }
        try next.write(in: configuration.folder)
        file = next
    }

    private func bytes(_ file: OutboxFile) -> Int { file.entries.reduce(0) { $0 + $1.body.utf8.count } }

    /// `queued` with the fields of `later` over it; `nil` when a field of either is an operator.
    private static func merge(_ queued: String, _ later: JSONObject) -> String? {
        guard var fields = (try? JSONValue(parsing: queued))?.objectValue else { return nil }
        for (key, value) in later {
            if Self.isOperator(value) || fields[key].map(Self.isOperator) == true { return nil }
            fields[key] = value
        }
        return String(decoding: JSONValue.object(fields).serializedBytes(), as: UTF8.self)
    }

    private static func isOperator(_ value: JSONValue) -> Bool { value.objectValue?["__op"] != nil }
}

/// The object a write is for.
struct OutboxTarget: Sendable {
    var collection: String
    var className: String
    var objectId: String?
    var localId: UUID
    var newKey: @Sendable () -> UUID

    /// A new entry for this object.
    func entry(_ kind: NCMBOutboxWrite.Kind, objectId: String?, body: JSONObject, now: Date) -> OutboxEntry {
        OutboxEntry(
            id: newKey(), kind: kind, collection: collection, className: className, objectId: objectId, localId: localId,
            body: String(decoding: JSONValue.object(body).serializedBytes(), as: UTF8.self),
            idempotencyKey: newKey().uuidString, queuedAt: now, attempts: 0)
    }
}
