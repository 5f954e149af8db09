extension PostgresMigration {
    /// Accounts (issue 4): unique values per class, password hashes, sessions and one-time mail tokens, as on SQLite.
    ///
    /// Rows keyed by an object's `row_id` go with the object (`ON DELETE CASCADE`). Tokens are stored only as SHA-256
    /// hex. The unique values of objects written before this version are backfilled (the first row of a duplicated
    /// value keeps it). Additive only: an instance of the previous version keeps working during a rolling deploy (it
    /// does not maintain the new tables, so a deploy should not mix versions for long).
    static let version2 = PostgresMigration(
        version: 2,
        statements: [
            """
            CREATE TABLE unique_values (
                class_id bigint NOT NULL REFERENCES classes (class_id),
                field text COLLATE "C" NOT NULL,
                value text COLLATE "C" NOT NULL,
                row_id bigint NOT NULL REFERENCES objects (row_id) ON DELETE CASCADE,
                PRIMARY KEY (class_id, field, value)
            )
            """,
            "CREATE INDEX unique_values_by_row ON unique_values (row_id)",
            """
            CREATE TABLE user_credentials (
                row_id bigint PRIMARY KEY REFERENCES objects (row_id) ON DELETE CASCADE,
                password_hash text NOT NULL
            )
            """,
            """
            CREATE TABLE sessions (
                token_hash text COLLATE "C" PRIMARY KEY,
                row_id bigint NOT NULL REFERENCES objects (row_id) ON DELETE CASCADE,
                create_date bigint NOT NULL,
                expires_at bigint NOT NULL
            )
            """,
            "CREATE INDEX sessions_by_row ON sessions (row_id)",
            "CREATE INDEX sessions_by_expiry ON sessions (expires_at)",
            """
            CREATE TABLE one_time_tokens (
                token_hash text COLLATE "C" PRIMARY KEY,
                application_id text COLLATE "C" NOT NULL,
                purpose text NOT NULL,
                mail_address text NOT NULL,
                user_object_id text COLLATE "C",
                create_date bigint NOT NULL,
                expires_at bigint NOT NULL
            )
            """,
            "CREATE INDEX one_time_tokens_by_expiry ON one_time_tokens (expires_at)",
        ] + [("user", "userName"), ("user", "mailAddress"), ("role", "roleName"), ("installation", "deviceToken"), ("file", "fileName")]
            .map { className, field in
                """
                INSERT INTO unique_values (class_id, field, value, row_id)
                SELECT o.class_id, '\(field)', o.fields ->> '\(field)', o.row_id FROM objects o
                JOIN classes c ON c.class_id = o.class_id
                WHERE c.class_name = '\(className)' AND json_typeof(o.fields -> '\(field)') = 'string' ORDER BY o.row_id
                ON CONFLICT DO NOTHING
                """
            } + [
                """
                INSERT INTO unique_values (class_id, field, value, row_id)
                SELECT o.class_id, 'authData', a.key || ':' || (a.value ->> 'id'), o.row_id
                FROM objects o JOIN classes c ON c.class_id = o.class_id
                CROSS JOIN LATERAL json_each(CASE WHEN json_typeof(o.fields -> 'authData') = 'object' THEN o.fields -> 'authData'
                    ELSE '{}'::json END) a
                WHERE c.class_name = 'user' AND json_typeof(a.value) = 'object'
                AND (json_typeof(a.value -> 'id') = 'string' OR (a.value ->> 'id') ~ '^-?[0-9]+$') ORDER BY o.row_id
                ON CONFLICT DO NOTHING
                """
            ]
    )
}
