import KumoStorage

/// Announces committed changes to every instance with PostgreSQL's `NOTIFY` (docs/architecture.md#change-feed,
/// docs/decisions/0091-change-feed.md).
///
/// The `pg_notify` call rides on the write's own statement (an extra round trip cost 16–24 % of create throughput), so a
/// change costs no extra round trip: a notification is sent only if the transaction commits, and PostgreSQL delivers
/// notifications in commit order. It is sent only while an instance listens (an unexpired row of `change_listeners`,
/// checked inside the statement): with nobody listening a write pays one index probe of a tiny table and no `NOTIFY`.
/// A change whose text is too long for a notification (PostgreSQL refuses 8000 bytes or more) is written to
/// `change_log` in the same statement, and the notification carries `#` and the row's id.
struct PostgresChangeAnnouncer: Sendable {
    /// The longest change text sent in a notification itself, in bytes; longer ones go through `change_log`.
    static let maximumPayloadBytes = 7900

    /// The channel of this schema's changes.
    let channel: String

    /// The channel of a schema's changes: `kumo_changes`, or `kumo_changes_` and a hash of the schema name (a channel
    /// name has at most 63 bytes; schemas of one database must not hear each other).
    static func channel(schema: String?) -> String {
        guard let schema else { return "kumo_changes" }
        return "kumo_changes_" + String(PostgresMigrator.lockKey(schema: schema) & 0xFFFF_FFFF, radix: 16)
    }

    /// The condition under which a change is announced: some instance listens.
    private static let someoneListens = "EXISTS (SELECT 1 FROM change_listeners WHERE expires_at > now())"

    /// `statement`, which ends with `RETURNING …` and affects one row, with the announcement of `change` folded in.
    func folding(_ change: StorageChange, into statement: SQLStatement) -> SQLStatement {
        var bindings = statement.bindings
        bindings.append(.text(channel))
        let channelParameter = "$\(bindings.count)"
        let payload = change.encoded
        bindings.append(.text(payload))
        let payloadParameter = "$\(bindings.count)"
        let listening = PostgresChangeAnnouncer.someoneListens
        guard payload.utf8.count > PostgresChangeAnnouncer.maximumPayloadBytes else {
            let text =
                statement.text
                + ", (SELECT 1 FROM (SELECT pg_notify(\(channelParameter), \(payloadParameter)) WHERE \(listening)) AS n) AS kumo_notified"
            return SQLStatement(dialect: statement.dialect, text, bindings: bindings)
        }
        let text =
            "WITH kumo_logged AS (INSERT INTO change_log (payload) SELECT \(payloadParameter) WHERE \(listening) RETURNING change_id) "
            + statement.text
            + ", (SELECT 1 FROM (SELECT pg_notify(\(channelParameter), '#' || change_id::text) FROM kumo_logged) AS n) AS kumo_notified"
        return SQLStatement(dialect: statement.dialect, text, bindings: bindings)
    }

    /// A statement of its own announcing `change` (for changes that have no write statement to ride on).
    func statement(announcing change: StorageChange) -> SQLStatement {
        let payload = change.encoded
        let listening = PostgresChangeAnnouncer.someoneListens
        guard payload.utf8.count > PostgresChangeAnnouncer.maximumPayloadBytes else {
            return SQLStatement(
                dialect: PostgresDialect(), "SELECT 1 FROM (SELECT pg_notify($1, $2) WHERE \(listening)) AS n",
                bindings: [.text(channel), .text(payload)])
        }
        return SQLStatement(
            dialect: PostgresDialect(),
            "WITH kumo_logged AS (INSERT INTO change_log (payload) SELECT $2 WHERE \(listening) RETURNING change_id) "
                + "SELECT 1 FROM (SELECT pg_notify($1, '#' || change_id::text) FROM kumo_logged) AS n",
            bindings: [.text(channel), .text(payload)])
    }
}
