import KumoSeams
import KumoServer
import KumoStorage
import NCMBWire

/// Committed changes, as each subscription of this connection sees them (docs/wire/realtime.md#events): decided when
/// the change arrives, from the object's ACL, the subscription's `where`, the user's roles and the class-level
/// permissions as they are then.
extension RealtimeProcessor {
    /// Handles one change of the connection's application.
    func handle(_ change: StorageChange) async throws {
        guard let caller = session.caller else { return }
        switch change {
        case .sessionsEnded(_, let tokenHashes):
            if let tokenHash = caller.sessionTokenHash, tokenHashes.contains(tokenHash) { throw SessionEnded() }
        case .object(let change):
            // Role membership, inheritance or names may have changed: read the roles again when next needed.
            if change.className == .role { session.roles = nil }
            if change.className == .user, change.kind == .delete, caller.identity == .user(objectId: change.objectId) {
                throw SessionEnded()
            }
            let subscriptions = session.subscriptions(of: change.className)
            hub.observer?.willMatch(change)
            for subscription in subscriptions {
                try await deliver(change, to: subscription, caller: caller)
            }
            var report = RealtimeMatchReport()
            report.wheresEvaluated = subscriptions.count
            report.connectionsReached = 1
            hub.observer?.didMatch(change, report: report)
        }
    }

    /// Sends the change's event to one subscription, if it has one.
    private func deliver(_ change: ObjectChange, to subscription: RealtimeSession.Subscription, caller: RealtimeCaller) async throws {
        let beforeReadable = try await isReadable(change.before, caller: caller)
        let afterReadable = try await isReadable(change.after, caller: caller)
        let wasShown = beforeReadable && (change.before.map(subscription.matcher.matches) ?? false)
        let isShown = afterReadable && (change.after.map(subscription.matcher.matches) ?? false)
        guard let event = RealtimeEvent.of(change.kind, before: wasShown, after: isShown) else { return }
        do {
            try await gate.authorizeEvent(className: subscription.className, caller: caller)
        } catch let error as KumoError where error.code == .noAccessWithACL {
            // The class was closed to this caller: the subscription ends with the error a query would get now.
            session.subscriptions.removeValue(forKey: subscription.requestId)
            hub.release()
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
            object = try await gate.render(shown, className: subscription.className, keys: subscription.keys, caller: caller)
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
        guard case .user(let userObjectId) = caller.identity else { return false }
        if acl.entries[userObjectId]?.read == true { return true }
        let grantedRoles = acl.entries.compactMap { principal, permission -> String? in
            guard permission.read, principal.hasPrefix(RealtimeProcessor.rolePrefix) else { return nil }
            return String(principal.dropFirst(RealtimeProcessor.rolePrefix.count))
        }
        guard !grantedRoles.isEmpty else { return false }
        let roles: Set<String>
        if let cached = session.roles {
            roles = cached
        } else {
            roles = try await gate.environment.storage.accounts.roleNames(
                applicationId: caller.application.applicationId, userObjectId: userObjectId)
            session.roles = roles
        }
        return grantedRoles.contains { roles.contains($0) }
    }

    /// The ACL principal prefix of roles.
    static let rolePrefix = "role:"
}
