extension PostgresMigration {
    /// The instances' heartbeat rows the dashboard's Overview lists (issue 31,
    /// docs/decisions/0149-instances-on-the-overview.md): one row per running `kumo serve`, renewed while it runs.
    ///
    /// - `start_time` and `heartbeat_time` are milliseconds since 1970; `counters` is JSON text (the Overview's totals
    ///   of the last hour).
    static let version12 = PostgresMigration(
        version: 12,
        statements: [
            """
            CREATE TABLE instances (
                instance_id text COLLATE "C" PRIMARY KEY,
                address text NOT NULL,
                start_time bigint NOT NULL,
                heartbeat_time bigint NOT NULL,
                counters text NOT NULL
            )
            """
        ]
    )
}
