extension PostgresMigration {
    /// The dashboard (issue 18, docs/decisions/0077-dashboard-administrators-are-not-users.md): its administrators, their
    /// sessions (the SHA-256 of each cookie token), the audit log of their actions and the one-time setup token.
    ///
    /// - `admins`: `email_key` is the lowercased address, unique, so `A@x` and `a@x` are one administrator.
    /// - `admin_audit`: `entry_id` is an identity, so it orders and pages the log.
    static let version8 = PostgresMigration(
        version: 8,
        statements: [
            """
            CREATE TABLE admins (
                id text COLLATE "C" PRIMARY KEY,
                email text NOT NULL,
                email_key text COLLATE "C" NOT NULL UNIQUE,
                password_hash text NOT NULL,
                create_date bigint NOT NULL
            )
            """,
            """
            CREATE TABLE admin_sessions (
                token_hash text COLLATE "C" PRIMARY KEY,
                admin_id text COLLATE "C" NOT NULL,
                csrf_token text NOT NULL,
                language text,
                create_date bigint NOT NULL,
                expires_at bigint NOT NULL
            )
            """,
            "CREATE INDEX admin_sessions_by_admin ON admin_sessions (admin_id)",
            "CREATE INDEX admin_sessions_by_expiry ON admin_sessions (expires_at)",
            """
            CREATE TABLE admin_audit (
                entry_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                time bigint NOT NULL,
                admin text NOT NULL,
                action text NOT NULL,
                application text,
                target text,
                detail text NOT NULL,
                address text
            )
            """,
            """
            CREATE TABLE admin_setup (
                token_hash text COLLATE "C" PRIMARY KEY,
                expires_at bigint NOT NULL
            )
            """,
        ]
    )
}
