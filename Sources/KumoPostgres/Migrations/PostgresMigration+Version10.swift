extension PostgresMigration {
    /// The change feed across instances (issue 19, docs/architecture.md#change-feed, docs/decisions/0091-change-feed.md):
    ///
    /// - `change_log`: changes whose text is too long for a `NOTIFY` payload (PostgreSQL refuses payloads of 8000
    ///   bytes or more); the notification carries the row's id instead, and rows are swept after a few minutes.
    /// - `change_listeners`: one row per instance whose realtime module listens, renewed while it does; writes announce
    ///   their changes only while an unexpired row exists, so nobody pays for `NOTIFY` when nobody listens.
    static let version10 = PostgresMigration(
        version: 10,
        statements: [
            """
            CREATE TABLE change_log (
                change_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                created_at timestamptz NOT NULL DEFAULT now(),
                payload text NOT NULL
            )
            """,
            "CREATE INDEX change_log_by_creation ON change_log (created_at)",
            """
            CREATE TABLE change_listeners (
                listener_id text COLLATE "C" PRIMARY KEY,
                expires_at timestamptz NOT NULL
            )
            """,
        ]
    )
}
