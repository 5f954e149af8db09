package import NCMBWire

/// The dialect-neutral statements of `AccountStore` (sessions, credentials, one-time tokens, role membership), shared
/// by both engines so that they run the same SQL.
///
/// Users and roles are rows of `objects` in the classes `user` and `role` of an application. Secrets sit in tables keyed
/// by the user's `row_id` with `ON DELETE CASCADE`: deleting a user ends its sessions and forgets its password hash and
/// unique values. A session belongs to an application through its user row. Dates are milliseconds since 1970; a
/// session or token whose `expires_at` is at or before `now` has expired.
package enum AccountStatements {
    /// Result column names.
    package enum Column {
        /// `sessions.expires_at`, `one_time_tokens.expires_at`.
        package static let expiresAt = "expires_at"
        /// `one_time_tokens.create_date`.
        package static let createDate = "create_date"
        /// The user's objectId in a session lookup; `one_time_tokens.user_object_id`.
        package static let userObjectId = "user_object_id"
        /// `user_credentials.password_hash` (SQL `NULL` for a user without one).
        package static let passwordHash = "password_hash"
        /// `one_time_tokens.purpose`.
        package static let purpose = "purpose"
        /// `one_time_tokens.mail_address`.
        package static let mailAddress = "mail_address"
        /// A role's name in `roleNames`.
        package static let roleName = "role_name"
        /// `sessions.token_hash`, as the deletions of sessions return it.
        package static let tokenHash = "token_hash"
    }

    // MARK: Sessions

    /// Opens a session: with `endsOtherSessions` first deletes the user's sessions, then inserts the new one for the
    /// user row; the insert returns nothing (→ `.notFound`, rolling the deletion back) when the user does not exist.
    package static func createSession(
        _ grant: SessionGrant, applicationId: String, userObjectId: String, dialect: any SQLDialect
    ) -> [SQLWriteStep] {
        var steps: [SQLWriteStep] = []
        if grant.endsOtherSessions {
            var delete = SQLStatement(dialect: dialect, "DELETE FROM sessions WHERE row_id = (SELECT o.row_id FROM objects o WHERE ")
            delete.appendObject(alias: "o", applicationId: applicationId, className: .user, objectId: userObjectId)
            delete.append(") RETURNING token_hash")
            steps.append(SQLWriteStep(delete, endsSessions: true))
        }
        var insert = SQLStatement(
            dialect: dialect,
            """
            INSERT INTO sessions (token_hash, row_id, create_date, expires_at) \
            SELECT \(.text(grant.tokenHash)), o.row_id, \(.date(grant.createDate)), \(.date(grant.expiresAt)) FROM objects o WHERE 
            """)
        insert.appendObject(alias: "o", applicationId: applicationId, className: .user, objectId: userObjectId)
        insert.append(" RETURNING token_hash")
        steps.append(SQLWriteStep(insert, errorWhenEmpty: .notFound))
        return steps
    }

    /// The live session of a token in an application: rows of ``Column/userObjectId`` and ``Column/expiresAt``.
    package static func session(tokenHash: String, applicationId: String, now: WireDate, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(
            dialect: dialect,
            """
            SELECT o.object_id AS \(sql: Column.userObjectId), s.expires_at AS \(sql: Column.expiresAt) FROM sessions s \
            JOIN objects o ON o.row_id = s.row_id WHERE s.token_hash = \(.text(tokenHash)) AND s.expires_at > \(.date(now)) AND 
            """)
        statement.appendClassFilter(alias: "o", applicationId: applicationId, className: .user)
        return statement
    }

    /// Deletes one session of the application; returns a row when it existed.
    package static func deleteSession(tokenHash: String, applicationId: String, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(
            dialect: dialect,
            "DELETE FROM sessions WHERE token_hash = \(.text(tokenHash)) AND row_id IN (SELECT o.row_id FROM objects o WHERE ")
        statement.appendClassFilter(alias: "o", applicationId: applicationId, className: .user)
        statement.append(") RETURNING token_hash")
        return statement
    }

    /// Deletes every session of one user of the application except `keepingTokenHash` (none kept when `nil`); returns
    /// one row per deleted session.
    package static func deleteSessions(
        applicationId: String, userObjectId: String, keepingTokenHash: String?, dialect: any SQLDialect
    ) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "DELETE FROM sessions WHERE row_id = (SELECT o.row_id FROM objects o WHERE ")
        statement.appendObject(alias: "o", applicationId: applicationId, className: .user, objectId: userObjectId)
        statement.append(")")
        if let keepingTokenHash { statement.append(" AND token_hash <> \(.text(keepingTokenHash))") }
        statement.append(" RETURNING token_hash")
        return statement
    }

    /// Deletes expired sessions and one-time tokens; each statement returns one row per deleted row.
    package static func deleteExpired(now: WireDate, dialect: any SQLDialect) -> [SQLStatement] {
        ["sessions", "one_time_tokens"].map { table in
            SQLStatement(dialect: dialect, "DELETE FROM \(sql: table) WHERE expires_at <= \(.date(now)) RETURNING token_hash")
        }
    }

    // MARK: Credentials

    /// A user row (``QueryCompiler/ObjectColumn`` columns) with ``Column/passwordHash``, by unique value or objectId.
    package static func credentials(applicationId: String, lookup: UserLookup, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(
            dialect: dialect,
            "SELECT \(QueryCompiler.selectedColumns(alias: "o")), c.password_hash AS \(Column.passwordHash) FROM objects o"
                + " LEFT JOIN user_credentials c ON c.row_id = o.row_id WHERE ")
        switch lookup {
        case .objectId(let objectId):
            statement.appendObject(alias: "o", applicationId: applicationId, className: .user, objectId: objectId)
        case .unique(let value):
            statement.append("o.row_id = (SELECT v.row_id FROM unique_values v WHERE v.class_id = ")
            statement.appendClassId(applicationId: applicationId, className: .user)
            statement.append(" AND v.field = \(.text(value.field)) AND v.value = \(.text(value.value)))")
        }
        return statement
    }

    // MARK: One-time tokens

    /// Stores a one-time token.
    package static func createToken(_ token: OneTimeToken, dialect: any SQLDialect) -> SQLStatement {
        let values: [SQLValue] = [
            .text(token.tokenHash), .text(token.applicationId), .text(token.purpose.rawValue), .text(token.mailAddress),
            token.userObjectId.map(SQLValue.text) ?? .null, .date(token.createDate), .date(token.expiresAt),
        ]
        return SQLStatement(
            dialect: dialect,
            """
            INSERT INTO one_time_tokens (token_hash, application_id, purpose, mail_address, user_object_id, create_date, expires_at) \
            VALUES (\(list: values))
            """)
    }

    /// A one-time token of the application: rows of the ``Column`` token columns.
    package static func token(tokenHash: String, applicationId: String, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(
            dialect: dialect,
            "SELECT purpose AS \(Column.purpose), mail_address AS \(Column.mailAddress), user_object_id AS \(Column.userObjectId),"
                + " create_date AS \(Column.createDate), expires_at AS \(Column.expiresAt) FROM one_time_tokens WHERE ")
        statement.appendOneTimeToken(tokenHash: tokenHash, applicationId: applicationId)
        return statement
    }

    /// Deletes a one-time token of the application; returns a row when it existed.
    package static func deleteToken(tokenHash: String, applicationId: String, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "DELETE FROM one_time_tokens WHERE ")
        statement.appendOneTimeToken(tokenHash: tokenHash, applicationId: applicationId)
        statement.append(" RETURNING token_hash")
        return statement
    }
}

extension SQLStatement {
    /// `token_hash = … AND application_id = …`: the one-time token with this hash in the application.
    fileprivate mutating func appendOneTimeToken(tokenHash: String, applicationId: String) {
        append("token_hash = \(.text(tokenHash)) AND application_id = \(.text(applicationId))")
    }

    /// `(SELECT c.class_id FROM classes c WHERE c.application_id = … AND c.class_name = …)`; the alias keeps the
    /// columns unambiguous wherever the sub-select is nested.
    mutating func appendClassId(applicationId: String, className: ClassName) {
        append(classId(applicationId: applicationId, className: className))
    }

    /// The text of ``appendClassId(applicationId:className:)``, its values bound, for text that repeats it.
    mutating func classId(applicationId: String, className: ClassName) -> String {
        let application = parameter(.text(applicationId))
        let name = parameter(.text(className.rawValue))
        return "(SELECT c.class_id FROM classes c WHERE c.application_id = \(application) AND c.class_name = \(name))"
    }

    /// `alias.class_id = (the class's id)`; no row matches when the class does not exist yet.
    mutating func appendClassFilter(alias: String, applicationId: String, className: ClassName) {
        append(classFilter(alias: alias, applicationId: applicationId, className: className))
    }

    /// The text of ``appendClassFilter(alias:applicationId:className:)``, its values bound, for text that repeats it.
    mutating func classFilter(alias: String, applicationId: String, className: ClassName) -> String {
        "\(alias).class_id = " + classId(applicationId: applicationId, className: className)
    }

    /// The condition selecting one object by class and objectId.
    mutating func appendObject(alias: String, applicationId: String, className: ClassName, objectId: String) {
        appendClassFilter(alias: alias, applicationId: applicationId, className: className)
        append(" AND \(sql: alias).object_id = \(.text(objectId))")
    }
}
