extension PostgresMigration {
    /// Push delivery and file bytes (issue 5).
    ///
    /// - `push_jobs`: one row per push still to be sent, keyed by the push object's `row_id` and removed with it;
    ///   `lease_until` (ms) is when a claimed job may be claimed again (claims use `FOR UPDATE SKIP LOCKED`, so several
    ///   instances never work one job at once); `pending` is the JSON array of installation objectIds still to send to
    ///   after a partial failure (`NULL` before the first attempt).
    /// - `blobs` + `blob_chunks`: file bytes inside the database, so that several stateless instances share files. A
    ///   blob is written in chunks while `committed_at` is `NULL` (invisible), then committed; chunks go with their blob.
    static let version3 = PostgresMigration(
        version: 3,
        statements: [
            """
            CREATE TABLE push_jobs (
                row_id bigint PRIMARY KEY REFERENCES objects (row_id) ON DELETE CASCADE,
                due_at bigint NOT NULL,
                lease_until bigint NOT NULL DEFAULT 0,
                attempts integer NOT NULL DEFAULT 0,
                pending text
            )
            """,
            "CREATE INDEX push_jobs_by_due ON push_jobs (due_at)",
            """
            CREATE TABLE blobs (
                application_id text COLLATE "C" NOT NULL,
                blob_id text COLLATE "C" NOT NULL,
                started_at bigint NOT NULL,
                committed_at bigint,
                size bigint NOT NULL DEFAULT 0,
                PRIMARY KEY (application_id, blob_id)
            )
            """,
            "CREATE INDEX blobs_by_commit ON blobs (application_id, committed_at)",
            "CREATE INDEX blobs_uncommitted ON blobs (started_at) WHERE committed_at IS NULL",
            """
            CREATE TABLE blob_chunks (
                application_id text COLLATE "C" NOT NULL,
                blob_id text COLLATE "C" NOT NULL,
                chunk_index integer NOT NULL,
                data bytea NOT NULL,
                PRIMARY KEY (application_id, blob_id, chunk_index),
                FOREIGN KEY (application_id, blob_id) REFERENCES blobs (application_id, blob_id) ON DELETE CASCADE
            )
            """,
        ]
    )
}
