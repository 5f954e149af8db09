extension SQLiteMigrator {
    /// Scripts (issue 14): deployed scripts per application and the execution log.
    ///
    /// - `scripts`: one row per (application, file name); `run_permission` is JSON text, `enabled` 1 or 0.
    /// - `script_executions`: one row per call; `entry_id` never reuses a value (`AUTOINCREMENT`), so the log can be
    ///   followed by position; old entries are pruned by `started_at` and by count per application.
    static let version4 = """
        CREATE TABLE scripts (
            application_id TEXT NOT NULL,
            name TEXT NOT NULL,
            code TEXT NOT NULL,
            version_hash TEXT NOT NULL,
            version INTEGER NOT NULL,
            enabled INTEGER NOT NULL,
            run_permission TEXT NOT NULL,
            create_date INTEGER NOT NULL,
            update_date INTEGER NOT NULL,
            PRIMARY KEY (application_id, name)
        ) WITHOUT ROWID;
        CREATE TABLE script_executions (
            entry_id INTEGER PRIMARY KEY AUTOINCREMENT,
            application_id TEXT NOT NULL,
            script_name TEXT NOT NULL,
            started_at INTEGER NOT NULL,
            duration_ms INTEGER NOT NULL,
            method TEXT NOT NULL,
            status TEXT NOT NULL,
            request TEXT NOT NULL,
            response TEXT NOT NULL,
            console TEXT NOT NULL,
            error TEXT,
            stack TEXT
        );
        CREATE INDEX script_executions_by_application ON script_executions (application_id, entry_id);
        CREATE INDEX script_executions_by_script ON script_executions (application_id, script_name, entry_id);
        CREATE INDEX script_executions_by_start ON script_executions (started_at);
        """
}
