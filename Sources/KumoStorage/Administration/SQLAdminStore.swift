import KumoMemberwise
package import NCMBWire

/// `AdminStore` on any SQL engine: the shared ``AdminStatements`` and ``AdminAuditStatements``.
@PackageMemberwiseInit
package struct SQLAdminStore<Engine: SQLEngine>: AdminStore {
    let engine: Engine

    package func createAdmin(_ admin: StoredAdmin) async throws {
        let inserted = try await engine.write(AdminStatements.insert(admin, dialect: engine.dialect))
        if inserted.isEmpty { throw StorageError.duplicate(field: "email") }
    }

    package func createFirstAdmin(_ admin: StoredAdmin, setupTokenHash: String, now: WireDate) async throws {
        let dialect = engine.dialect
        try await engine.write { executor in
            let consumed = try await executor.rows(AdminStatements.consumeSetupToken(hash: setupTokenHash, now: now, dialect: dialect))
            guard !consumed.isEmpty else { throw StorageError.notFound }
            let existing = try await executor.rows(AdminStatements.count(dialect: dialect)).first?.integer("count") ?? 0
            guard existing == 0 else { throw StorageError.notFound }
            let inserted = try await executor.rows(AdminStatements.insert(admin, dialect: dialect))
            guard !inserted.isEmpty else { throw StorageError.duplicate(field: "email") }
            _ = try await executor.rows(AdminStatements.deleteSetupTokens(dialect: dialect))
        }
    }

    package func admin(email: String) async throws -> StoredAdmin? {
        return try await engine.rows(.pointLookup, AdminStatements.admin(email: email, dialect: engine.dialect)).first
            .map(AdminStatements.admin)
    }

    package func admins() async throws -> [StoredAdmin] {
        return try await engine.rows(.singleStatement, AdminStatements.admins(dialect: engine.dialect))
            .map(AdminStatements.admin)
    }

    package func adminCount() async throws -> Int {
        let count = try await engine.rows(.singleStatement, AdminStatements.count(dialect: engine.dialect)).first?
            .integer("count")
        return Int(count ?? 0)
    }

    package func setPasswordHash(_ passwordHash: String, adminId: String) async throws {
        let dialect = engine.dialect
        try await engine.write { executor in
            let updated = try await executor.rows(AdminStatements.setPasswordHash(passwordHash, adminId: adminId, dialect: dialect))
            guard !updated.isEmpty else { throw StorageError.notFound }
            _ = try await executor.rows(AdminStatements.deleteSessions(adminId: adminId, dialect: dialect))
        }
    }

    package func removeAdmin(id: String) async throws {
        let dialect = engine.dialect
        try await engine.write { executor in
            _ = try await executor.rows(AdminStatements.deleteSessions(adminId: id, dialect: dialect))
            let deleted = try await executor.rows(AdminStatements.deleteAdmin(id: id, dialect: dialect))
            guard !deleted.isEmpty else { throw StorageError.notFound }
        }
    }

    package func createSession(_ session: AdminSession) async throws {
        try await engine.write(AdminStatements.insert(session, dialect: engine.dialect))
    }

    package func session(tokenHash: String, now: WireDate) async throws -> AdminSession? {
        return try await engine.rows(.pointLookup, AdminStatements.session(tokenHash: tokenHash, now: now, dialect: engine.dialect)).first
            .map(AdminStatements.session)
    }

    package func updateSession(tokenHash: String, expiresAt: WireDate, language: String?) async throws {
        let statement = AdminStatements.updateSession(
            tokenHash: tokenHash, expiresAt: expiresAt, language: language, dialect: engine.dialect)
        try await engine.write(statement)
    }

    package func removeSession(tokenHash: String) async throws {
        try await engine.write(AdminStatements.deleteSession(tokenHash: tokenHash, dialect: engine.dialect))
    }

    package func removeExpiredSessions(now: WireDate) async throws {
        try await engine.write(AdminStatements.deleteExpiredSessions(now: now, dialect: engine.dialect))
    }

    package func appendAudit(_ entry: AdminAuditEntry) async throws {
        try await engine.write(AdminAuditStatements.insert(entry, dialect: engine.dialect))
    }

    package func auditEntries(limit: Int, before: Int64?) async throws -> [AdminAuditEntry] {
        return try await engine.rows(.singleStatement, AdminAuditStatements.entries(limit: limit, before: before, dialect: engine.dialect))
            .map(AdminAuditStatements.entry)
    }

    package func removeAuditEntries(before date: WireDate, limit: Int) async throws -> Int {
        guard limit > 0 else { return 0 }
        return try await engine.write(AdminAuditStatements.prune(before: date, limit: limit, dialect: engine.dialect)).count
    }

    package func replaceSetupToken(hash: String, expiresAt: WireDate) async throws {
        let dialect = engine.dialect
        try await engine.write([
            AdminStatements.deleteSetupTokens(dialect: dialect),
            AdminStatements.insertSetupToken(hash: hash, expiresAt: expiresAt, dialect: dialect),
        ])
    }

    package func removeSetupToken() async throws {
        try await engine.write(AdminStatements.deleteSetupTokens(dialect: engine.dialect))
    }

    package func recordInstance(_ heartbeat: InstanceHeartbeat, expiredBefore: WireDate) async throws {
        let dialect = engine.dialect
        try await engine.write([
            InstanceStatements.deleteExpired(before: expiredBefore, dialect: dialect),
            InstanceStatements.record(heartbeat, dialect: dialect),
        ])
    }

    package func instances(heartbeatSince date: WireDate) async throws -> [InstanceHeartbeat] {
        return try await engine.rows(.singleStatement, InstanceStatements.alive(since: date, dialect: engine.dialect))
            .map(InstanceStatements.heartbeat)
    }

    package func removeInstance(id: String) async throws {
        try await engine.write(InstanceStatements.delete(instanceId: id, dialect: engine.dialect))
    }
}
