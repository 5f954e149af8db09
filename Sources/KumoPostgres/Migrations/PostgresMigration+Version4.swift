extension PostgresMigration {
    /// Scripts (issue 14): deployed scripts per application and the execution log.
    ///
    /// - `scripts`: one row per (application, file name); `run_permission` is JSON text.
    /// - `script_executions`: one row per call; `entry_id` is an identity, so the log can be followed by position; old
    ///   entries are pruned by `started_at` and by count per application.
    static let version4 = PostgresMigration(
        version: 4,
        statements: [
            """
            CREATE TABLE scripts (
                application_id text COLLATE "C" NOT NULL,
                name text COLLATE "C" NOT NULL,
                code text NOT NULL,
                version_hash text NOT NULL,
                version integer NOT NULL,
                enabled boolean NOT NULL,
                run_permission text NOT NULL,
                create_date bigint NOT NULL,
                update_date bigint NOT NULL,
                PRIMARY KEY (application_id, name)
            )
            """,
            """
            CREATE TABLE script_executions (
                entry_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                application_id text COLLATE "C" NOT NULL,
                script_name text COLLATE "C" NOT NULL,
                started_at bigint NOT NULL,
                duration_ms bigint NOT NULL,
                method text NOT NULL,
                status text NOT NULL,
                request text NOT NULL,
                response text NOT NULL,
                console text NOT NULL,
                error text,
                stack text
            )
            """,
            "CREATE INDEX script_executions_by_application ON script_executions (application_id, entry_id)",
            "CREATE INDEX script_executions_by_script ON script_executions (application_id, script_name, entry_id)",
            "CREATE INDEX script_executions_by_start ON script_executions (started_at)",
        ]
    )
}
