extension SQLiteMigrator {
    /// The dashboard's import jobs, shared by the instances on one database (issue 31,
    /// docs/decisions/0155-import-jobs-in-the-database.md): one row per job, changed only by compare-and-set on `version`
    /// or by the runner holding its lease.
    ///
    /// - `create_date`, `activity` and `lease_until` are milliseconds since 1970 (`lease_until` is 0 for a job never
    ///   leased); `document` is JSON text (files, progress, summary, failures).
    static let version12 = """
        CREATE TABLE import_jobs (
            job_id TEXT PRIMARY KEY,
            application_id TEXT NOT NULL,
            state TEXT NOT NULL,
            create_date INTEGER NOT NULL,
            activity INTEGER NOT NULL,
            lease_owner TEXT,
            lease_until INTEGER NOT NULL,
            version INTEGER NOT NULL,
            document TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX import_jobs_by_application ON import_jobs (application_id, create_date);
        CREATE INDEX import_jobs_by_state ON import_jobs (state, lease_until);
        """
}
