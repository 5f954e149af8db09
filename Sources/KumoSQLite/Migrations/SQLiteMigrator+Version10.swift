extension SQLiteMigrator {
    /// Idempotency keys (issue 33, docs/decisions/0133-idempotency-keys.md): the first answer of each request that
    /// carried `X-Kumo-Idempotency-Key`, kept 24 hours.
    ///
    /// - `scope` is the hex SHA-256 of the key and the caller, `fingerprint` that of the method, path and body.
    /// - `status` is `NULL` while the claiming request runs; `body` is `NULL` when the answer was too large to keep.
    /// - `idempotency_keys_by_creation` serves the pruning of expired rows.
    static let version10 = """
        CREATE TABLE idempotency_keys (
            application_id TEXT NOT NULL,
            scope TEXT NOT NULL,
            fingerprint TEXT NOT NULL,
            status INTEGER,
            body TEXT,
            created_at INTEGER NOT NULL,
            PRIMARY KEY (application_id, scope)
        ) WITHOUT ROWID;
        CREATE INDEX idempotency_keys_by_creation ON idempotency_keys (created_at);
        """
}
