package import NCMBWire

/// Dashboard administrators, their sessions, the audit log and the one-time setup token (docs/dashboard.md,
/// docs/decisions/0077-dashboard-administrators-are-not-users.md).
package protocol AdminStore: Sendable {
    /// Stores a new administrator.
    ///
    /// - Throws: `StorageError.duplicate(field: "email")` when an administrator has the same address (any letter case).
    func createAdmin(_ admin: StoredAdmin) async throws

    /// The first administrator, created with the setup token: in one write, the token is checked and used up, and the
    /// administrator is stored only while there is none.
    ///
    /// - Throws: `StorageError.notFound` when the token is unknown, used or expired, or an administrator exists.
    func createFirstAdmin(_ admin: StoredAdmin, setupTokenHash: String, now: WireDate) async throws

    /// The administrator with this address (any letter case), or `nil`.
    func admin(email: String) async throws -> StoredAdmin?

    /// Every administrator, by address.
    func admins() async throws -> [StoredAdmin]

    /// How many administrators exist.
    func adminCount() async throws -> Int

    /// Replaces an administrator's password hash and ends every session of theirs.
    ///
    /// - Throws: `StorageError.notFound` for an unknown administrator.
    func setPasswordHash(_ passwordHash: String, adminId: String) async throws

    /// Removes an administrator with their sessions.
    ///
    /// - Throws: `StorageError.notFound` for an unknown administrator.
    func removeAdmin(id: String) async throws

    /// Stores a new session.
    func createSession(_ session: AdminSession) async throws

    /// The session with this token hash, with its administrator's address, unless it expired at `now`.
    func session(tokenHash: String, now: WireDate) async throws -> AdminSession?

    /// Moves a session's expiry and records its language.
    func updateSession(tokenHash: String, expiresAt: WireDate, language: String?) async throws

    /// Ends a session (nothing happens for an unknown one).
    func removeSession(tokenHash: String) async throws

    /// Deletes the sessions that expired at `now`.
    func removeExpiredSessions(now: WireDate) async throws

    /// Appends an entry to the audit log.
    func appendAudit(_ entry: AdminAuditEntry) async throws

    /// At most `limit` audit entries before position `before` (all when `nil`), newest first.
    func auditEntries(limit: Int, before: Int64?) async throws -> [AdminAuditEntry]

    /// Deletes up to `limit` audit entries whose time is before `date`, oldest first; returns how many went
    /// (`kumo serve --dashboard-audit-days`).
    func removeAuditEntries(before date: WireDate, limit: Int) async throws -> Int

    /// Replaces the setup token: only the newest one is valid.
    func replaceSetupToken(hash: String, expiresAt: WireDate) async throws

    /// Deletes the setup token (once an administrator exists it is useless).
    func removeSetupToken() async throws

    /// Writes an instance's heartbeat row (replacing its earlier one) and, in the same write, deletes every row whose
    /// heartbeat is before `expiredBefore` (docs/decisions/0149-instances-on-the-overview.md).
    func recordInstance(_ heartbeat: InstanceHeartbeat, expiredBefore: WireDate) async throws

    /// The instances whose heartbeat is at or after `date`, oldest start first.
    func instances(heartbeatSince date: WireDate) async throws -> [InstanceHeartbeat]

    /// Deletes an instance's heartbeat row (at its graceful stop; nothing happens for an unknown one).
    func removeInstance(id: String) async throws
}
