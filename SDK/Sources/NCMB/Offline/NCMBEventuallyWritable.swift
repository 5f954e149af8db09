import Foundation
internal import NCMBWire

/// An object whose writes can wait in the outbox (``NCMBOutbox``) until the network allows: ``NCMBObject``,
/// ``NCMBUser`` (profile fields of a signed-up user) and ``NCMBInstallation``.
///
/// `saveEventually()` returns once the write is durably queued, not once it reached the server; the object's
/// `objectId` is filled in when its create lands. Later eventual saves of an object whose create has not left yet are
/// merged into that create.
///
/// - Note: A Kumo addition (the Objective-C NCMB SDK had `saveEventually`; ncmb_swift has not).
public protocol NCMBEventuallyWritable: AnyObject, Sendable {
    /// Queues the object's save in the outbox: a create with every field when it has no objectId, otherwise the
    /// fields changed since the last save.
    func saveEventually() async throws
    /// Queues the object's delete in the outbox, then clears its fields; an object whose create never left is simply
    /// taken out of the outbox.
    func deleteEventually() async throws
}

extension NCMBEventuallyWritable {
    /// Queues the save and blocks until it is on disk.
    ///
    /// - Returns: `.success` once queued, or `.failure` with the error.
    public func saveEventually() -> NCMBResult<Void> { SynchronousCall.run { try await self.saveEventually() } }

    /// Queues the save; `callback` receives the result once it is on disk.
    public func saveEventuallyInBackground(callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.saveEventually() }
    }

    /// Queues the delete and blocks until it is on disk.
    ///
    /// - Returns: `.success` once queued, or `.failure` with the error.
    public func deleteEventually() -> NCMBResult<Void> { SynchronousCall.run { try await self.deleteEventually() } }

    /// Queues the delete; `callback` receives the result once it is on disk.
    public func deleteEventuallyInBackground(callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.deleteEventually() }
    }
}

extension NCMBObject: NCMBEventuallyWritable {
    /// Queues the object's save in the outbox; see ``NCMBEventuallyWritable/saveEventually()``.
    ///
    /// - Throws: ``NCMBInvalidRequestError`` for an invalid class name or a rejected field value; ``NCMBOutboxError``
    ///   when the outbox is full or its file cannot be written.
    public func saveEventually() async throws { try await saveFieldsEventually() }

    /// Queues the object's delete in the outbox; see ``NCMBEventuallyWritable/deleteEventually()``.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` for an object never saved nor queued; ``NCMBOutboxError``.
    public func deleteEventually() async throws { try await deleteFieldsEventually() }
}

extension NCMBUser: NCMBEventuallyWritable {
    /// Queues the user's changed profile fields in the outbox; see ``NCMBEventuallyWritable/saveEventually()``.
    ///
    /// - Throws: ``NCMBOutboxError/userNotSignedUp`` for a user without objectId (sign-up needs the network);
    ///   ``NCMBOutboxError`` when the outbox is full or its file cannot be written.
    public func saveEventually() async throws { try await saveFieldsEventually() }

    /// Queues the user's delete in the outbox; see ``NCMBEventuallyWritable/deleteEventually()``.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` for a user without objectId; ``NCMBOutboxError``.
    public func deleteEventually() async throws { try await deleteFieldsEventually() }
}

extension NCMBInstallation: NCMBEventuallyWritable {
    /// Queues the installation's save in the outbox; see ``NCMBEventuallyWritable/saveEventually()``.
    ///
    /// - Throws: ``NCMBInvalidRequestError`` for a rejected field value; ``NCMBOutboxError``.
    public func saveEventually() async throws { try await saveFieldsEventually() }

    /// Queues the installation's delete in the outbox; see ``NCMBEventuallyWritable/deleteEventually()``.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` for one never saved nor queued; ``NCMBOutboxError``.
    public func deleteEventually() async throws { try await deleteFieldsEventually() }
}

extension NCMBBase {
    /// The outbox's name of this object's collection; only objects, users and installations are written eventually.
    private func outboxTarget() throws -> OutboxTarget {
        _ = try classReference()
        let name: String
        switch collection {
        case .classes: name = "classes"
        case .users: name = "users"
        case .installations: name = "installations"
        case .roles, .push, .files: throw NCMBInvalidRequestError.invalidClassName
        }
        return OutboxTarget(
            collection: name, className: className, objectId: objectId, localId: OutboxObjects.shared.localId(of: self),
            newKey: context.newUUID)
    }

    /// Queues a save: a create (every field) or an update (changed fields), then marks the sent fields as saved.
    func saveFieldsEventually() async throws {
        let target = try outboxTarget()
        if collection == .users && target.objectId == nil { throw NCMBOutboxError.userNotSignedUp }
        let snapshot = state.current
        let createBody = target.objectId == nil ? try snapshot.createBody() : JSONObject()
        let updateBody = try snapshot.updateBody()
        try await context.outbox.save(target, createBody: createBody, updateBody: updateBody, context: context)
        state.withLock { $0.applySave(sent: target.objectId == nil ? createBody : updateBody, response: JSONObject()) }
    }

    /// Queues a delete, then clears the fields as a delete does.
    func deleteFieldsEventually() async throws {
        let target = try outboxTarget()
        if target.objectId == nil {
            let queued = try await context.outbox.queue().holdsWrites(of: target.localId)
            guard queued else { throw NCMBInvalidRequestError.emptyObjectId }
        }
        try await context.outbox.delete(target, context: context)
        state.withLock { $0.clear() }
    }
}
