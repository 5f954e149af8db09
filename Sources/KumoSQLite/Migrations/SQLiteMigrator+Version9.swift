extension SQLiteMigrator {
    /// Per-device push outcomes (issue 18, docs/decisions/0082-per-device-push-outcomes.md): the latest outcome of each
    /// device a push was sent to, keyed by the push object's `row_id` and removed with it.
    ///
    /// - `outcome` is `delivered`, `failed` or `retrying`; `reason_code` a stable code (APNs `BadDeviceToken`, FCM
    ///   `UNREGISTERED`, `expired`, …) or `NULL` when delivered; `reason` a readable sentence; `time` (ms) the attempt's.
    /// - `push_outcomes_by_time` serves the pruning by age (`kumo serve --push-outcome-retention-days`).
    static let version9 = """
        CREATE TABLE push_outcomes (
            row_id INTEGER NOT NULL REFERENCES objects (row_id) ON DELETE CASCADE,
            installation_id TEXT NOT NULL,
            device_type TEXT NOT NULL,
            outcome TEXT NOT NULL,
            reason_code TEXT,
            reason TEXT,
            attempt INTEGER NOT NULL,
            time INTEGER NOT NULL,
            PRIMARY KEY (row_id, installation_id)
        ) WITHOUT ROWID;
        CREATE INDEX push_outcomes_by_time ON push_outcomes (time);
        """
}
