extension SQLiteMigrator {
    /// The dashboard (issue 18, docs/decisions/0077-dashboard-administrators-are-not-users.md): its administrators, their
    /// sessions (the SHA-256 of each cookie token), the audit log of their actions and the one-time setup token.
    ///
    /// - `admins`: `email_key` is the lowercased address, unique, so `A@x` and `a@x` are one administrator.
    /// - `admin_audit`: `entry_id` never reuses a value (`AUTOINCREMENT`), so it orders and pages the log.
    static let version8 = """
        CREATE TABLE admins (
            id TEXT PRIMARY KEY NOT NULL,
            email TEXT NOT NULL,
            email_key TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            create_date INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE admin_sessions (
            token_hash TEXT PRIMARY KEY NOT NULL,
            admin_id TEXT NOT NULL,
            csrf_token TEXT NOT NULL,
            language TEXT,
            create_date INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX admin_sessions_by_admin ON admin_sessions (admin_id);
        CREATE INDEX admin_sessions_by_expiry ON admin_sessions (expires_at);
        CREATE TABLE admin_audit (
            entry_id INTEGER PRIMARY KEY AUTOINCREMENT,
            time INTEGER NOT NULL,
            admin TEXT NOT NULL,
            action TEXT NOT NULL,
            application TEXT,
            target TEXT,
            detail TEXT NOT NULL,
            address TEXT
        );
        CREATE TABLE admin_setup (
            token_hash TEXT PRIMARY KEY NOT NULL,
            expires_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        """
}
