import KumoMemberwise
package import NCMBWire

/// `AccountStore` on any SQL engine: the shared ``AccountStatements``, writes as units, reads of one row by its key as
/// point lookups.
@PackageMemberwiseInit
package struct SQLAccountStore<Engine: SQLEngine>: AccountStore {
    let engine: Engine

    package func createSession(_ grant: SessionGrant, applicationId: String, userObjectId: String) async throws {
        let steps = AccountStatements.createSession(
            grant, applicationId: applicationId, userObjectId: userObjectId, dialect: engine.dialect)
        try await engine.write { executor in
            var ended: [String] = []
            for step in steps {
                let rows = try await executor.rows(step.statement)
                if rows.isEmpty, let error = step.errorWhenEmpty { throw error }
                if step.endsSessions { ended += rows.compactMap { $0.string(AccountStatements.Column.tokenHash) } }
            }
            if !ended.isEmpty {
                try await executor.announce { .sessionsEnded(applicationId: applicationId, tokenHashes: ended) }
            }
        }
    }

    package func session(tokenHash: String, applicationId: String, now: WireDate) async throws -> ActiveSession? {
        let statement = AccountStatements.session(tokenHash: tokenHash, applicationId: applicationId, now: now, dialect: engine.dialect)
        guard let row = try await firstRow(statement) else { return nil }
        guard let objectId = row.string(AccountStatements.Column.userObjectId),
            let expiresAt = row.date(AccountStatements.Column.expiresAt)
        else { throw StorageError.unavailable("A sessions row could not be decoded.") }
        return ActiveSession(userObjectId: objectId, expiresAt: expiresAt)
    }

    @discardableResult
    package func deleteSession(tokenHash: String, applicationId: String) async throws -> Bool {
        let statement = AccountStatements.deleteSession(tokenHash: tokenHash, applicationId: applicationId, dialect: engine.dialect)
        return try await endedSessions(statement, applicationId: applicationId) > 0
    }

    @discardableResult
    package func deleteSessions(applicationId: String, userObjectId: String, keepingTokenHash: String?) async throws -> Int {
        let statement = AccountStatements.deleteSessions(
            applicationId: applicationId, userObjectId: userObjectId, keepingTokenHash: keepingTokenHash, dialect: engine.dialect)
        return try await endedSessions(statement, applicationId: applicationId)
    }

    @discardableResult
    package func deleteExpired(now: WireDate) async throws -> Int {
        try await deletedCount(AccountStatements.deleteExpired(now: now, dialect: engine.dialect))
    }

    package func credentials(applicationId: String, lookup: UserLookup) async throws -> UserCredentials? {
        let statement = AccountStatements.credentials(applicationId: applicationId, lookup: lookup, dialect: engine.dialect)
        guard let row = try await firstRow(statement) else { return nil }
        return UserCredentials(user: try SQLObjectRow(row).object, passwordHash: row.string(AccountStatements.Column.passwordHash))
    }

    package func createToken(_ token: OneTimeToken) async throws {
        try await engine.write(AccountStatements.createToken(token, dialect: engine.dialect))
    }

    package func token(tokenHash: String, applicationId: String) async throws -> OneTimeToken? {
        typealias Column = AccountStatements.Column
        let statement = AccountStatements.token(tokenHash: tokenHash, applicationId: applicationId, dialect: engine.dialect)
        guard let row = try await firstRow(statement) else { return nil }
        guard let purposeText = row.string(Column.purpose), let purpose = OneTimeTokenPurpose(rawValue: purposeText),
            let mailAddress = row.string(Column.mailAddress), let createDate = row.date(Column.createDate),
            let expiresAt = row.date(Column.expiresAt)
        else { throw StorageError.unavailable("A one_time_tokens row could not be decoded.") }
        return OneTimeToken(
            tokenHash: tokenHash, applicationId: applicationId, purpose: purpose, mailAddress: mailAddress,
            userObjectId: row.string(Column.userObjectId), createDate: createDate, expiresAt: expiresAt)
    }

    @discardableResult
    package func deleteToken(tokenHash: String, applicationId: String) async throws -> Bool {
        let statement = AccountStatements.deleteToken(tokenHash: tokenHash, applicationId: applicationId, dialect: engine.dialect)
        return try await deletedCount([statement]) > 0
    }

    package func roleNames(applicationId: String, userObjectId: String) async throws -> Set<String> {
        let statement = AccountStatements.roleNames(applicationId: applicationId, userObjectId: userObjectId, dialect: engine.dialect)
        return try await engine.read(.singleStatement) { executor in
            Set(try await executor.rows(statement).compactMap { $0.string(AccountStatements.Column.roleName) })
        }
    }

    /// The first row of a read of one row by its key.
    private func firstRow(_ statement: SQLStatement) async throws -> SQLRow? {
        try await engine.rows(.pointLookup, statement).first
    }

    /// Runs a deletion of sessions returning their token hashes as one unit, announces the ended sessions to the change
    /// feed, and returns how many ended.
    private func endedSessions(_ statement: SQLStatement, applicationId: String) async throws -> Int {
        try await engine.write { executor in
            let hashes = try await executor.rows(statement).compactMap { $0.string(AccountStatements.Column.tokenHash) }
            if !hashes.isEmpty {
                try await executor.announce { .sessionsEnded(applicationId: applicationId, tokenHashes: hashes) }
            }
            return hashes.count
        }
    }

    /// Runs deletions ending in `RETURNING` as one unit and returns how many rows they deleted.
    private func deletedCount(_ statements: [SQLStatement]) async throws -> Int {
        try await engine.write { executor in
            var count = 0
            for statement in statements { count += try await executor.rows(statement).count }
            return count
        }
    }
}
