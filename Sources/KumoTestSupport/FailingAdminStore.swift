package import KumoStorage
package import NCMBWire
import Testing

/// An `AdminStore` that fails the running test on every call the test did not provide.
package struct FailingAdminStore: AdminStore {
    package var onCreateAdmin: (@Sendable (StoredAdmin) async throws -> Void)?
    package var onCreateFirstAdmin: (@Sendable (StoredAdmin, String, WireDate) async throws -> Void)?
    package var onAdmin: (@Sendable (String) async throws -> StoredAdmin?)?
    package var onAdmins: (@Sendable () async throws -> [StoredAdmin])?
    package var onAdminCount: (@Sendable () async throws -> Int)?
    package var onSetPasswordHash: (@Sendable (String, String) async throws -> Void)?
    package var onRemoveAdmin: (@Sendable (String) async throws -> Void)?
    package var onCreateSession: (@Sendable (AdminSession) async throws -> Void)?
    package var onSession: (@Sendable (String, WireDate) async throws -> AdminSession?)?
    package var onUpdateSession: (@Sendable (String, WireDate, String?) async throws -> Void)?
    package var onRemoveSession: (@Sendable (String) async throws -> Void)?
    package var onRemoveExpiredSessions: (@Sendable (WireDate) async throws -> Void)?
    package var onAppendAudit: (@Sendable (AdminAuditEntry) async throws -> Void)?
    package var onAuditEntries: (@Sendable (Int, Int64?) async throws -> [AdminAuditEntry])?
    package var onRemoveAuditEntries: (@Sendable (WireDate, Int) async throws -> Int)?
    package var onReplaceSetupToken: (@Sendable (String, WireDate) async throws -> Void)?
    package var onRemoveSetupToken: (@Sendable () async throws -> Void)?
    package var onRecordInstance: (@Sendable (InstanceHeartbeat, WireDate) async throws -> Void)?
    package var onInstances: (@Sendable (WireDate) async throws -> [InstanceHeartbeat])?
    package var onRemoveInstance: (@Sendable (String) async throws -> Void)?

    /// Creates a store where every call fails.
    package init() {}

    package func createAdmin(_ admin: StoredAdmin) async throws {
        guard let onCreateAdmin else { throw UnexpectedCall("AdminStore.createAdmin", admin.email) }
        try await onCreateAdmin(admin)
    }

    package func createFirstAdmin(_ admin: StoredAdmin, setupTokenHash: String, now: WireDate) async throws {
        guard let onCreateFirstAdmin else { throw UnexpectedCall("AdminStore.createFirstAdmin", admin.email) }
        try await onCreateFirstAdmin(admin, setupTokenHash, now)
    }

    package func admin(email: String) async throws -> StoredAdmin? {
        guard let onAdmin else { throw UnexpectedCall("AdminStore.admin", email) }
        return try await onAdmin(email)
    }

    package func admins() async throws -> [StoredAdmin] {
        guard let onAdmins else { throw UnexpectedCall("AdminStore.admins", "") }
        return try await onAdmins()
    }

    package func adminCount() async throws -> Int {
        guard let onAdminCount else { throw UnexpectedCall("AdminStore.adminCount", "") }
        return try await onAdminCount()
    }

    package func setPasswordHash(_ passwordHash: String, adminId: String) async throws {
        guard let onSetPasswordHash else { throw UnexpectedCall("AdminStore.setPasswordHash", adminId) }
        try await onSetPasswordHash(passwordHash, adminId)
    }

    package func removeAdmin(id: String) async throws {
        guard let onRemoveAdmin else { throw UnexpectedCall("AdminStore.removeAdmin", id) }
        try await onRemoveAdmin(id)
    }

    package func createSession(_ session: AdminSession) async throws {
        guard let onCreateSession else { throw UnexpectedCall("AdminStore.createSession", session.adminId) }
        try await onCreateSession(session)
    }

    package func session(tokenHash: String, now: WireDate) async throws -> AdminSession? {
        guard let onSession else { throw UnexpectedCall("AdminStore.session", "") }
        return try await onSession(tokenHash, now)
    }

    package func updateSession(tokenHash: String, expiresAt: WireDate, language: String?) async throws {
        guard let onUpdateSession else { throw UnexpectedCall("AdminStore.updateSession", "") }
        try await onUpdateSession(tokenHash, expiresAt, language)
    }

    package func removeSession(tokenHash: String) async throws {
        guard let onRemoveSession else { throw UnexpectedCall("AdminStore.removeSession", "") }
        try await onRemoveSession(tokenHash)
    }

    package func removeExpiredSessions(now: WireDate) async throws {
        guard let onRemoveExpiredSessions else { throw UnexpectedCall("AdminStore.removeExpiredSessions", "") }
        try await onRemoveExpiredSessions(now)
    }

    package func appendAudit(_ entry: AdminAuditEntry) async throws {
        guard let onAppendAudit else { throw UnexpectedCall("AdminStore.appendAudit", entry.action) }
        try await onAppendAudit(entry)
    }

    package func auditEntries(limit: Int, before: Int64?) async throws -> [AdminAuditEntry] {
        guard let onAuditEntries else { throw UnexpectedCall("AdminStore.auditEntries", "") }
        return try await onAuditEntries(limit, before)
    }

    package func removeAuditEntries(before date: WireDate, limit: Int) async throws -> Int {
        guard let onRemoveAuditEntries else { throw UnexpectedCall("AdminStore.removeAuditEntries", "") }
        return try await onRemoveAuditEntries(date, limit)
    }

    package func replaceSetupToken(hash: String, expiresAt: WireDate) async throws {
        guard let onReplaceSetupToken else { throw UnexpectedCall("AdminStore.replaceSetupToken", "") }
        try await onReplaceSetupToken(hash, expiresAt)
    }

    package func removeSetupToken() async throws {
        guard let onRemoveSetupToken else { throw UnexpectedCall("AdminStore.removeSetupToken", "") }
        try await onRemoveSetupToken()
    }

    package func recordInstance(_ heartbeat: InstanceHeartbeat, expiredBefore: WireDate) async throws {
        guard let onRecordInstance else { throw UnexpectedCall("AdminStore.recordInstance", heartbeat.instanceId) }
        try await onRecordInstance(heartbeat, expiredBefore)
    }

    package func instances(heartbeatSince date: WireDate) async throws -> [InstanceHeartbeat] {
        guard let onInstances else { throw UnexpectedCall("AdminStore.instances", date.formatted) }
        return try await onInstances(date)
    }

    package func removeInstance(id: String) async throws {
        guard let onRemoveInstance else { throw UnexpectedCall("AdminStore.removeInstance", id) }
        try await onRemoveInstance(id)
    }
}
