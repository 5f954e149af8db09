extension SQLiteMigrator {
    /// The instances' heartbeat rows the dashboard's Overview lists (issue 31,
    /// docs/decisions/0149-instances-on-the-overview.md): one row per running `kumo serve`, renewed while it runs.
    ///
    /// - `start_time` and `heartbeat_time` are milliseconds since 1970; `counters` is JSON text (the Overview's totals
    ///   of the last hour).
    static let version11 = """
        CREATE TABLE instances (
            instance_id TEXT PRIMARY KEY,
            address TEXT NOT NULL,
            start_time INTEGER NOT NULL,
            heartbeat_time INTEGER NOT NULL,
            counters TEXT NOT NULL
        ) WITHOUT ROWID;
        """
}
