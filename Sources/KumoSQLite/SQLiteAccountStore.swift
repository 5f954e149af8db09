import KumoStorage
import NCMBWire

/// `AccountStore` on SQLite: the shared ``AccountStatements``, writes as units of the group-committing writer, reads on
/// the reader pool.
struct SQLiteAccountStore: AccountStore {
    let writer: SQLiteWriter
    let readers: SQLiteReaderPool
    let dialect = SQLiteDialect()

    func createSession(_ grant: SessionGrant, applicationId: String, userObjectId: String) async throws {
        let steps = AccountStatements.createSession(grant, applicationId: applicationId, userObjectId: userObjectId, dialect: dialect)
        try await writer.perform { transaction in try transaction.run(steps) }
    }

    func session(tokenHash: String, applicationId: String, now: WireDate) async throws -> ActiveSession? {
        let statement = AccountStatements.session(tokenHash: tokenHash, applicationId: applicationId, now: now, dialect: dialect)
        return try await readers.read(.pointLookup) { transaction in
            guard let row = try transaction.rows(statement).first else { return nil }
            guard let objectId = row.column(AccountStatements.Column.userObjectId)?.string,
                let expiresAt = row.column(AccountStatements.Column.expiresAt)?.integer
            else { throw StorageError.unavailable("A sessions row could not be decoded.") }
            return ActiveSession(userObjectId: objectId, expiresAt: WireDate(millisecondsSince1970: expiresAt))
        }
    }

    @discardableResult
    func deleteSession(tokenHash: String, applicationId: String) async throws -> Bool {
        let statement = AccountStatements.deleteSession(tokenHash: tokenHash, applicationId: applicationId, dialect: dialect)
        return try await writer.perform { transaction in try !transaction.rows(statement).isEmpty }
    }

    @discardableResult
    func deleteSessions(applicationId: String, userObjectId: String, keepingTokenHash: String?) async throws -> Int {
        let statement = AccountStatements.deleteSessions(
            applicationId: applicationId, userObjectId: userObjectId, keepingTokenHash: keepingTokenHash, dialect: dialect)
        return try await writer.perform { transaction in try transaction.rows(statement).count }
    }

    @discardableResult
    func deleteExpired(now: WireDate) async throws -> Int {
        let statements = AccountStatements.deleteExpired(now: now, dialect: dialect)
        return try await writer.perform { transaction in
            try statements.reduce(0) { count, statement in count + (try transaction.rows(statement).count) }
        }
    }

    func credentials(applicationId: String, lookup: UserLookup) async throws -> UserCredentials? {
        let statement = AccountStatements.credentials(applicationId: applicationId, lookup: lookup, dialect: dialect)
        return try await readers.read(.pointLookup) { transaction in
            guard let row = try transaction.rows(statement).first else { return nil }
            let user = try SQLiteObjectRow(row).object
            return UserCredentials(user: user, passwordHash: row.column(AccountStatements.Column.passwordHash)?.string)
        }
    }

    func createToken(_ token: OneTimeToken) async throws {
        let statement = AccountStatements.createToken(token, dialect: dialect)
        try await writer.perform { transaction in try transaction.execute(statement.text, statement.bindings) }
    }

    func token(tokenHash: String, applicationId: String) async throws -> OneTimeToken? {
        let statement = AccountStatements.token(tokenHash: tokenHash, applicationId: applicationId, dialect: dialect)
        return try await readers.read(.pointLookup) { transaction in
            typealias Column = AccountStatements.Column
            guard let row = try transaction.rows(statement).first else { return nil }
            guard let purposeText = row.column(Column.purpose)?.string, let purpose = OneTimeTokenPurpose(rawValue: purposeText),
                let mailAddress = row.column(Column.mailAddress)?.string, let createDate = row.column(Column.createDate)?.integer,
                let expiresAt = row.column(Column.expiresAt)?.integer
            else { throw StorageError.unavailable("A one_time_tokens row could not be decoded.") }
            return OneTimeToken(
                tokenHash: tokenHash, applicationId: applicationId, purpose: purpose, mailAddress: mailAddress,
                userObjectId: row.column(Column.userObjectId)?.string, createDate: WireDate(millisecondsSince1970: createDate),
                expiresAt: WireDate(millisecondsSince1970: expiresAt))
        }
    }

    @discardableResult
    func deleteToken(tokenHash: String, applicationId: String) async throws -> Bool {
        let statement = AccountStatements.deleteToken(tokenHash: tokenHash, applicationId: applicationId, dialect: dialect)
        return try await writer.perform { transaction in try !transaction.rows(statement).isEmpty }
    }

    func roleNames(applicationId: String, userObjectId: String) async throws -> Set<String> {
        let statement = AccountStatements.roleNames(applicationId: applicationId, userObjectId: userObjectId, dialect: dialect)
        return try await readers.read(.singleStatement) { transaction in
            Set(try transaction.rows(statement).compactMap { $0.column(AccountStatements.Column.roleName)?.string })
        }
    }
}
