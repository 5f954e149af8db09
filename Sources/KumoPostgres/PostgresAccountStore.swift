import KumoStorage
import NCMBWire

/// `AccountStore` on PostgreSQL: the shared ``AccountStatements``, each call one transaction (single statements run
/// on their own).
struct PostgresAccountStore: AccountStore {
    let database: PostgresDatabase
    let dialect = PostgresDialect()

    func createSession(_ grant: SessionGrant, applicationId: String, userObjectId: String) async throws {
        let steps = AccountStatements.createSession(grant, applicationId: applicationId, userObjectId: userObjectId, dialect: dialect)
        try await database.write { transaction in try await transaction.run(steps) }
    }

    func session(tokenHash: String, applicationId: String, now: WireDate) async throws -> ActiveSession? {
        let statement = AccountStatements.session(tokenHash: tokenHash, applicationId: applicationId, now: now, dialect: dialect)
        return try await database.single { transaction in
            guard let row = try await transaction.rows(statement).first else { return nil }
            guard let objectId = row.string(AccountStatements.Column.userObjectId),
                let expiresAt = row.integer(AccountStatements.Column.expiresAt)
            else { throw StorageError.unavailable("A sessions row could not be decoded.") }
            return ActiveSession(userObjectId: objectId, expiresAt: WireDate(millisecondsSince1970: expiresAt))
        }
    }

    @discardableResult
    func deleteSession(tokenHash: String, applicationId: String) async throws -> Bool {
        let statement = AccountStatements.deleteSession(tokenHash: tokenHash, applicationId: applicationId, dialect: dialect)
        return try await database.write { transaction in try await !transaction.rows(statement).isEmpty }
    }

    @discardableResult
    func deleteSessions(applicationId: String, userObjectId: String, keepingTokenHash: String?) async throws -> Int {
        let statement = AccountStatements.deleteSessions(
            applicationId: applicationId, userObjectId: userObjectId, keepingTokenHash: keepingTokenHash, dialect: dialect)
        return try await database.write { transaction in try await transaction.rows(statement).count }
    }

    @discardableResult
    func deleteExpired(now: WireDate) async throws -> Int {
        let statements = AccountStatements.deleteExpired(now: now, dialect: dialect)
        return try await database.write { transaction in
            var count = 0
            for statement in statements { count += try await transaction.rows(statement).count }
            return count
        }
    }

    func credentials(applicationId: String, lookup: UserLookup) async throws -> UserCredentials? {
        let statement = AccountStatements.credentials(applicationId: applicationId, lookup: lookup, dialect: dialect)
        return try await database.single { transaction in
            guard let row = try await transaction.rows(statement).first else { return nil }
            let user = try PostgresObjectRow(row).object
            return UserCredentials(user: user, passwordHash: row.string(AccountStatements.Column.passwordHash))
        }
    }

    func createToken(_ token: OneTimeToken) async throws {
        let statement = AccountStatements.createToken(token, dialect: dialect)
        try await database.write { transaction in _ = try await transaction.rows(statement) }
    }

    func token(tokenHash: String, applicationId: String) async throws -> OneTimeToken? {
        let statement = AccountStatements.token(tokenHash: tokenHash, applicationId: applicationId, dialect: dialect)
        return try await database.single { transaction in
            typealias Column = AccountStatements.Column
            guard let row = try await transaction.rows(statement).first else { return nil }
            guard let purposeText = row.string(Column.purpose), let purpose = OneTimeTokenPurpose(rawValue: purposeText),
                let mailAddress = row.string(Column.mailAddress), let createDate = row.integer(Column.createDate),
                let expiresAt = row.integer(Column.expiresAt)
            else { throw StorageError.unavailable("A one_time_tokens row could not be decoded.") }
            return OneTimeToken(
                tokenHash: tokenHash, applicationId: applicationId, purpose: purpose, mailAddress: mailAddress,
                userObjectId: row.string(Column.userObjectId), createDate: WireDate(millisecondsSince1970: createDate),
                expiresAt: WireDate(millisecondsSince1970: expiresAt))
        }
    }

    @discardableResult
    func deleteToken(tokenHash: String, applicationId: String) async throws -> Bool {
        let statement = AccountStatements.deleteToken(tokenHash: tokenHash, applicationId: applicationId, dialect: dialect)
        return try await database.write { transaction in try await !transaction.rows(statement).isEmpty }
    }

    func roleNames(applicationId: String, userObjectId: String) async throws -> Set<String> {
        let statement = AccountStatements.roleNames(applicationId: applicationId, userObjectId: userObjectId, dialect: dialect)
        return try await database.single { transaction in
            Set(try await transaction.rows(statement).compactMap { $0.string(AccountStatements.Column.roleName) })
        }
    }
}
