extension PostgresMigration {
    /// Idempotency keys (issue 33, docs/decisions/0133-idempotency-keys.md): the first answer of each request that
    /// carried `X-Kumo-Idempotency-Key`, kept 24 hours.
    ///
    /// - `scope` is the hex SHA-256 of the key and the caller, `fingerprint` that of the method, path and body.
    /// - `status` is `NULL` while the claiming request runs; `body` is `NULL` when the answer was too large to keep.
    /// - `idempotency_keys_by_creation` serves the pruning of expired rows.
    static let version11 = PostgresMigration(
        version: 11,
        statements: [
            """
            CREATE TABLE idempotency_keys (
                application_id text COLLATE "C" NOT NULL,
                scope text COLLATE "C" NOT NULL,
                fingerprint text NOT NULL,
                status integer,
                body text,
                created_at bigint NOT NULL,
                PRIMARY KEY (application_id, scope)
            )
            """,
            "CREATE INDEX idempotency_keys_by_creation ON idempotency_keys (created_at)",
        ]
    )
}
