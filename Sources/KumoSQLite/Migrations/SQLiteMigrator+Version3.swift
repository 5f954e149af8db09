extension SQLiteMigrator {
    /// Push delivery (issue 5): one job row per push still to be sent, keyed by the push object's `row_id` and removed
    /// with it. `lease_until` (ms) is when a claimed job may be claimed again; `pending` is the JSON array of
    /// installation objectIds still to send to after a partial failure (`NULL` before the first attempt).
    ///
    /// File bytes are not in SQLite: the SQLite engine keeps them in a `DiskBlobStore` under the data directory.
    static let version3 = """
        CREATE TABLE push_jobs (
            row_id INTEGER PRIMARY KEY REFERENCES objects (row_id) ON DELETE CASCADE,
            due_at INTEGER NOT NULL,
            lease_until INTEGER NOT NULL DEFAULT 0,
            attempts INTEGER NOT NULL DEFAULT 0,
            pending TEXT
        );
        CREATE INDEX push_jobs_by_due ON push_jobs (due_at);
        """
}
