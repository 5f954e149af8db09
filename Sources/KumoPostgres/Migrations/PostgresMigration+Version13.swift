extension PostgresMigration {
    /// The dashboard's import jobs, shared by the instances on one database (issue 31,
    /// docs/decisions/0155-import-jobs-in-the-database.md): one row per job, changed only by compare-and-set on `version`
    /// or by the runner holding its lease.
    ///
    /// - `create_date`, `activity` and `lease_until` are milliseconds since 1970 (`lease_until` is 0 for a job never
    ///   leased); `document` is JSON text (files, progress, summary, failures).
    static let version13 = PostgresMigration(
        version: 13,
        statements: [
            """
            CREATE TABLE import_jobs (
                job_id text COLLATE "C" PRIMARY KEY,
                application_id text COLLATE "C" NOT NULL,
                state text COLLATE "C" NOT NULL,
                create_date bigint NOT NULL,
                activity bigint NOT NULL,
                lease_owner text COLLATE "C",
                lease_until bigint NOT NULL,
                version bigint NOT NULL,
                document text NOT NULL
            )
            """,
            "CREATE INDEX import_jobs_by_application ON import_jobs (application_id, create_date)",
            "CREATE INDEX import_jobs_by_state ON import_jobs (state, lease_until)",
        ]
    )
}
