import KumoSeams
import KumoStorage
import NCMBWire

/// Committed changes, as each subscription of this connection sees them (docs/wire/realtime.md#events): the matching
/// stage decided which `where`s match; the connection decides, when the change arrives, from the object's ACL, the
/// user's roles and the class-level permissions as they are then, and renders what it sends.
extension RealtimeProcessor {
    /// Handles one matched change of the connection's application.
    func handle(_ matched: RealtimeMatchedChange) async throws {
        guard let caller = session.caller else { return }
        try checkSessionExpiry()
        for outcome in matched.outcomes {
            // A subscription ended or replaced since matching hears nothing of it.
            guard let subscription = session.subscriptions[outcome.requestId], subscription.token == outcome.token else { continue }
            switch outcome.verdict {
            case .ended(let error):
                end(subscription)
                try await send(RealtimeReply.error(error, requestId: subscription.requestId))
            case .matched(let before, let after):
                try await deliver(
                    matched.change, matchedBefore: before, matchedAfter: after, to: subscription, caller: caller, views: matched.views)
            }
        }
    }

    /// Ends a subscription of this connection: it leaves the session and the hub.
    func end(_ subscription: RealtimeSession.Subscription) {
        session.subscriptions.removeValue(forKey: subscription.requestId)
        hub.registry.remove(subscription.token)
        hub.release()
    }

    /// Sends the change's event to one subscription, if it has one.
    private func deliver(
        _ change: ObjectChange, matchedBefore: Bool, matchedAfter: Bool, to subscription: RealtimeSession.Subscription,
        caller: RealtimeCaller, views: RealtimeViews
    ) async throws {
        let beforeReadable = try await isReadable(change.before, caller: caller)
        let afterReadable = try await isReadable(change.after, caller: caller)
        let wasShown = beforeReadable && matchedBefore
        let isShown = afterReadable && matchedAfter
        guard let event = RealtimeEvent.of(change.kind, before: wasShown, after: isShown) else { return }
        do {
            try await gate.authorizeEvent(className: subscription.className, caller: caller)
        } catch let error as KumoError where error.code == .noAccessWithACL {
            // The class was closed to this caller: the subscription ends with the error a query would get now.
            end(subscription)
            return try await send(RealtimeReply.error(error, requestId: subscription.requestId))
        }
        let shown: StoredObject?
        switch event {
        case .create, .update, .enter: shown = change.after
        case .delete: shown = change.before
        case .leave: shown = afterReadable ? change.after : nil
        }
        let object: [UInt8]
        if let shown {
            let key = RealtimeViews.Key(
                isAfter: event != .delete, keys: subscription.keys.map { Set($0.map(\.rawValue)) },
                reader: RealtimeProcessor.reader(of: shown, className: subscription.className, caller: caller))
            object = try await views.bytes(key) {
                try await render(shown, className: subscription.className, keys: subscription.keys, caller: caller)
            }
        } else {
            // Left because it became unreadable: only its objectId, which the subscriber already knew.
            object = JSONValue.object(["objectId": .string(change.objectId)]).serializedBytes()
        }
        try await send(RealtimeReply.event(event, requestId: subscription.requestId, object: object))
        hub.metrics.eventSent(event)
    }

    /// Whether the caller may read the object; `false` without one.
    private func isReadable(_ object: StoredObject?, caller: RealtimeCaller) async throws -> Bool {
        guard let object else { return false }
        return try await isReadable(object.acl, caller: caller)
    }

    /// Whether the caller may read an object with this ACL: public read, a grant to the user, or a grant to a role
    /// the user holds directly or by inheritance (docs/decisions/0004-role-inheritance.md).
    private func isReadable(_ acl: AccessControlList, caller: RealtimeCaller) async throws -> Bool {
        if acl.entries[AccessControlList.publicKey]?.read == true { return true }
        guard let userObjectId = caller.userObjectId else { return false }
        if acl.entries[userObjectId]?.read == true { return true }
        let grantedRoles = acl.entries.compactMap { principal, permission -> String? in
            guard permission.read, principal.hasPrefix(RealtimeProcessor.rolePrefix) else { return nil }
            return String(principal.dropFirst(RealtimeProcessor.rolePrefix.count))
        }
        guard !grantedRoles.isEmpty else { return false }
        let applicationId = caller.application.applicationId
        let generation = hub.rolesGeneration(of: applicationId)
        let roles: Set<String>
        if let cached = session.roles, cached.generation == generation {
            roles = cached.names
        } else {
            roles = try await gate.storage.accounts.roleNames(applicationId: applicationId, userObjectId: userObjectId)
            session.roles = (generation, roles)
        }
        return grantedRoles.contains { roles.contains($0) }
    }

    /// The object as a `GET` of it by this caller answers (for files, as `GET /files` lists it), with `keys` applied as
    /// a query applies them: the one renderer of stored objects (docs/decisions/0118-one-renderer-of-stored-objects.md).
    private func render(_ object: StoredObject, className: ClassName, keys: [FieldName]?, caller: RealtimeCaller) async throws
        -> [UInt8]
    {
        var readable: Set<String>?
        if className == .push {
            readable = try await ObjectRendering.readableReasonInstallations(
                of: [object], applicationId: caller.application.applicationId, access: caller.access, in: gate.storage.objects)
        }
        return ObjectRendering.view(object, className: className, keys: keys, reader: caller.userObjectId, readableInstallations: readable)
    }

    /// Who an object's view depends on, or `nil` when every subscriber sees it the same: a user sees its own `authData`;
    /// a push's error reasons are filtered by the installations the caller may read.
    static func reader(of object: StoredObject, className: ClassName, caller: RealtimeCaller) -> String? {
        switch className {
        case .user: caller.userObjectId == object.objectId ? object.objectId : nil
        case .push: object.fields[StandardField.Push.error] == nil ? nil : (caller.userObjectId ?? "")
        default: nil
        }
    }

    /// The ACL principal prefix of roles.
    static let rolePrefix = "role:"
}
