extension SQLiteMigrator {
    /// Accounts (issue 4): unique values per class, password hashes, sessions and one-time mail tokens.
    ///
    /// Rows keyed by an object's `row_id` go with the object (`ON DELETE CASCADE`, with `PRAGMA foreign_keys = ON` on the
    /// writer). Tokens are stored only as SHA-256 hex. The unique values of objects written before this version are
    /// backfilled (the first row of a duplicated value keeps it).
    static let version2 = """
        CREATE TABLE unique_values (
            class_id INTEGER NOT NULL REFERENCES classes (class_id),
            field TEXT NOT NULL,
            value TEXT NOT NULL,
            row_id INTEGER NOT NULL REFERENCES objects (row_id) ON DELETE CASCADE,
            PRIMARY KEY (class_id, field, value)
        ) WITHOUT ROWID;
        CREATE INDEX unique_values_by_row ON unique_values (row_id);
        CREATE TABLE user_credentials (
            row_id INTEGER PRIMARY KEY REFERENCES objects (row_id) ON DELETE CASCADE,
            password_hash TEXT NOT NULL
        );
        CREATE TABLE sessions (
            token_hash TEXT PRIMARY KEY NOT NULL,
            row_id INTEGER NOT NULL REFERENCES objects (row_id) ON DELETE CASCADE,
            create_date INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX sessions_by_row ON sessions (row_id);
        CREATE INDEX sessions_by_expiry ON sessions (expires_at);
        CREATE TABLE one_time_tokens (
            token_hash TEXT PRIMARY KEY NOT NULL,
            application_id TEXT NOT NULL,
            purpose TEXT NOT NULL,
            mail_address TEXT NOT NULL,
            user_object_id TEXT,
            create_date INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX one_time_tokens_by_expiry ON one_time_tokens (expires_at);
        """ + backfilledUniqueValues

    /// The unique values of the objects written before this version, one `INSERT` per field (each on a new line).
    private static let backfilledUniqueValues =
        [("user", "userName"), ("user", "mailAddress"), ("role", "roleName"), ("installation", "deviceToken"), ("file", "fileName")]
        .map { className, field in
            """

            INSERT OR IGNORE INTO unique_values (class_id, field, value, row_id)
            SELECT o.class_id, '\(field)', json_extract(o.fields, '$.\(field)'), o.row_id FROM objects o
            JOIN classes c ON c.class_id = o.class_id
            WHERE c.class_name = '\(className)' AND json_type(o.fields, '$.\(field)') = 'text' ORDER BY o.row_id;
            """
        }.joined() + """

            INSERT OR IGNORE INTO unique_values (class_id, field, value, row_id)
            SELECT o.class_id, 'authData', a.key || ':' || json_extract(a.value, '$.id'), o.row_id
            FROM objects o JOIN classes c ON c.class_id = o.class_id, json_each(o.fields, '$.authData') a
            WHERE c.class_name = 'user' AND json_type(o.fields, '$.authData') = 'object' AND a.type = 'object'
            AND json_type(a.value, '$.id') IN ('text', 'integer') ORDER BY o.row_id;
            """
}
