import KumoStorage
import Logging

/// Brings a schema to ``PostgresMigration/latestVersion`` while other instances may be starting too.
///
/// Everything runs in one transaction that first takes a transaction-level advisory lock derived from the schema name:
/// concurrent instances wait for the first one, then find the schema up to date, so each migration runs exactly once.
/// PostgreSQL's DDL is transactional, so a failed migration leaves nothing behind.
enum PostgresMigrator {
    /// How long start-up may wait for another instance's migration.
    static let lockTimeout: Duration = .seconds(120)

    /// Creates the schema when configured and missing, then applies the missing migrations.
    ///
    /// - Returns: The schema version afterwards.
    static func migrate(_ database: PostgresDatabase, schema: String?, logger: Logger) async throws -> Int {
        let outcome = try await database.write(timeout: lockTimeout) { transaction in
            // Waiting for another instance's migration may take longer than the per-statement timeout of the pool.
            try await transaction.execute("SET LOCAL statement_timeout = \(lockTimeout.components.seconds * 1000)")
            try await transaction.execute("SELECT pg_advisory_xact_lock($1)", [.integer(lockKey(schema: schema))])
            if let schema {
                // A validated identifier (PostgresConfiguration.isValidSchemaName): it needs no quoting.
                try await transaction.execute("CREATE SCHEMA IF NOT EXISTS \(schema)")
            }
            try await transaction.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at bigint NOT NULL)")
            var current = try await version(transaction)
            var applied: [Int] = []
            // Every migration not applied yet, not only those above the highest: parallel branches number theirs apart
            // (5 may reach a schema before 4), and each is independent of the ones it skips.
            let done = Set(try await transaction.rows("SELECT version::bigint AS version FROM schema_migrations").compactMap { $0.integer("version") })
            for migration in PostgresMigration.all where !done.contains(Int64(migration.version)) {
                for statement in migration.statements { try await transaction.execute(statement) }
                try await transaction.execute(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, (extract(epoch FROM clock_timestamp()) * 1000)::bigint)",
                    [.integer(Int64(migration.version))])
                applied.append(migration.version)
                current = max(current, migration.version)
            }
            return (version: current, applied: applied)
        }
        for version in outcome.applied { logger.info("Applied PostgreSQL migration", metadata: ["version": "\(version)"]) }
        return outcome.version
    }

    /// The highest applied version, 0 for a new schema.
    static func version(_ transaction: PostgresTransaction) async throws -> Int {
        let rows = try await transaction.rows("SELECT COALESCE(MAX(version), 0)::bigint AS version FROM schema_migrations")
        return rows.first?.integer("version").map { Int($0) } ?? 0
    }

    /// A 64-bit advisory lock key: `KUMO` in the high half, the FNV-1a hash of the schema name in the low half, so
    /// instances of one deployment contend and different schemas do not. The hash is stable across processes.
    static func lockKey(schema: String?) -> Int64 {
        var hash: UInt32 = 2_166_136_261
        for byte in (schema ?? "").utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return Int64(0x4B55_4D4F) << 32 | Int64(hash)
    }
}
