package import NCMBWire

/// The dialect-neutral statements of `AdminStore` for `admins`, `admin_sessions` and `admin_setup`, shared by both
/// engines (migration 8). Dates are milliseconds since 1970; `email_key` is the lowercased address, unique.
package enum AdminStatements {
    /// The columns of an administrator row.
    private static let adminColumns = "id, email, email_key, password_hash, create_date"

    /// Inserts an administrator; returns no row when the address is taken.
    package static func insert(_ admin: StoredAdmin, dialect: any SQLDialect) -> SQLStatement {
        let values: [SQLValue] = [
            .text(admin.id), .text(admin.email), .text(StoredAdmin.emailKey(admin.email)), .text(admin.passwordHash),
            .date(admin.createDate),
        ]
        return SQLStatement(
            dialect: dialect, "INSERT INTO admins (\(sql: adminColumns)) VALUES (\(list: values)) ON CONFLICT DO NOTHING RETURNING id")
    }

    /// The administrator with this address (any letter case): at most one row.
    package static func admin(email: String, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "SELECT \(sql: adminColumns) FROM admins WHERE email_key = \(.text(StoredAdmin.emailKey(email)))")
    }

    /// Every administrator, by address.
    package static func admins(dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "SELECT \(adminColumns) FROM admins ORDER BY email_key")
    }

    /// How many administrators exist: one row with `count`.
    package static func count(dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "SELECT COUNT(*) AS count FROM admins")
    }

    /// Replaces a password hash; returns a row when the administrator exists.
    package static func setPasswordHash(_ hash: String, adminId: String, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "UPDATE admins SET password_hash = \(.text(hash)) WHERE id = \(.text(adminId)) RETURNING id")
    }

    /// Deletes an administrator; returns a row when it existed.
    package static func deleteAdmin(id: String, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "DELETE FROM admins WHERE id = \(.text(id)) RETURNING id")
    }

    /// Deletes every session of an administrator.
    package static func deleteSessions(adminId: String, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "DELETE FROM admin_sessions WHERE admin_id = \(.text(adminId))")
    }

    /// Inserts a session.
    package static func insert(_ session: AdminSession, dialect: any SQLDialect) -> SQLStatement {
        let values: [SQLValue] = [
            .text(session.tokenHash), .text(session.adminId), .text(session.csrfToken), session.language.map(SQLValue.text) ?? .null,
            .date(session.createDate), .date(session.expiresAt),
        ]
        return SQLStatement(
            dialect: dialect,
            "INSERT INTO admin_sessions (token_hash, admin_id, csrf_token, language, create_date, expires_at) VALUES (\(list: values))")
    }

    /// The unexpired session with this token hash and its administrator's address: at most one row.
    package static func session(tokenHash: String, now: WireDate, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect,
            """
            SELECT s.token_hash, s.admin_id, a.email, s.csrf_token, s.language, s.create_date, s.expires_at \
            FROM admin_sessions s JOIN admins a ON a.id = s.admin_id \
            WHERE s.token_hash = \(.text(tokenHash)) AND s.expires_at > \(.date(now))
            """)
    }

    /// Moves a session's expiry and sets its language.
    package static func updateSession(tokenHash: String, expiresAt: WireDate, language: String?, dialect: any SQLDialect)
        -> SQLStatement
    {
        SQLStatement(
            dialect: dialect,
            """
            UPDATE admin_sessions SET expires_at = \(.date(expiresAt)), language = \(language.map(SQLValue.text) ?? .null) \
            WHERE token_hash = \(.text(tokenHash))
            """)
    }

    /// Deletes one session.
    package static func deleteSession(tokenHash: String, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "DELETE FROM admin_sessions WHERE token_hash = \(.text(tokenHash))")
    }

    /// Deletes the sessions that expired at `now`.
    package static func deleteExpiredSessions(now: WireDate, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "DELETE FROM admin_sessions WHERE expires_at <= \(.date(now))")
    }

    /// Deletes the setup token.
    package static func deleteSetupTokens(dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "DELETE FROM admin_setup")
    }

    /// Stores a setup token.
    package static func insertSetupToken(hash: String, expiresAt: WireDate, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "INSERT INTO admin_setup (token_hash, expires_at) VALUES (\(.text(hash)), \(.date(expiresAt)))")
    }

    /// Uses up a valid setup token: returns a row when it existed and had not expired.
    package static func consumeSetupToken(hash: String, now: WireDate, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect,
            "DELETE FROM admin_setup WHERE token_hash = \(.text(hash)) AND expires_at > \(.date(now)) RETURNING token_hash")
    }

    /// Decodes an administrator row.
    ///
    /// - Throws: `StorageError.unavailable` when the row is not what the schema guarantees.
    package static func admin(_ row: SQLRow) throws(StorageError) -> StoredAdmin {
        guard let id = row.string("id"), let email = row.string("email"), let hash = row.string("password_hash"),
            let createDate = row.date("create_date")
        else { throw StorageError.unavailable("An admins row could not be decoded.") }
        return StoredAdmin(id: id, email: email, passwordHash: hash, createDate: createDate)
    }

    /// Decodes a session row of ``session(tokenHash:now:dialect:)``.
    ///
    /// - Throws: `StorageError.unavailable` when the row is not what the schema guarantees.
    package static func session(_ row: SQLRow) throws(StorageError) -> AdminSession {
        guard let tokenHash = row.string("token_hash"), let adminId = row.string("admin_id"), let email = row.string("email"),
            let csrfToken = row.string("csrf_token"), let createDate = row.date("create_date"), let expiresAt = row.date("expires_at")
        else { throw StorageError.unavailable("An admin_sessions row could not be decoded.") }
        return AdminSession(
            tokenHash: tokenHash, adminId: adminId, email: email, csrfToken: csrfToken, language: row.string("language"),
            createDate: createDate, expiresAt: expiresAt)
    }
}
