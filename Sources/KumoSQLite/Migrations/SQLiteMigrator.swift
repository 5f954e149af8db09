import KumoStorage
import Logging

/// Brings a database to the last of ``migrations``, recording each applied version in `schema_migrations`.
///
/// A migration is one SQL script (its statements separated by `;`), applied whole in its own transaction. Migrations
/// are additive (new tables, columns and indexes) so that data written by an older version stays readable. A released
/// migration is never edited: changes go into a new, higher-numbered one.
package enum SQLiteMigrator {
    /// Every migration, in version order.
    package static let migrations: [(version: Int, script: String)] = [
        (1, version1), (2, version2), (3, version3), (4, version4), (5, version5), (6, version6), (7, version7),
        (8, version8), (9, version9), (10, version10), (11, version11), (12, version12),
    ]

    /// Applies the missing migrations on the write connection before any other connection opens.
    ///
    /// - Returns: The schema version afterwards.
    static func migrate(_ transaction: SQLiteTransaction, logger: Logger) throws -> Int {
        try transaction.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)"
        )
        var current = try version(transaction)
        // Every migration not applied yet, not only those above the highest: parallel branches number theirs apart
        // (5 may reach a database before 4), and each is independent of the ones it skips.
        let applied = Set(try transaction.rows("SELECT version FROM schema_migrations").compactMap { $0.integer("version") })
        for migration in migrations where !applied.contains(Int64(migration.version)) {
            try transaction.execute("BEGIN IMMEDIATE")
            do {
                try transaction.executeScript(migration.script)
                try transaction.execute(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES (?1, CAST(unixepoch('subsec') * 1000 AS INTEGER))",
                    [.integer(Int64(migration.version))]
                )
                try transaction.execute("COMMIT")
            } catch {
                try? transaction.execute("ROLLBACK")
                throw error
            }
            logger.info("Applied SQLite migration", metadata: ["version": "\(migration.version)"])
            current = max(current, migration.version)
        }
        return current
    }

    /// The highest applied version, 0 for a new database.
    static func version(_ transaction: SQLiteTransaction) throws -> Int {
        let rows = try transaction.rows("SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations")
        return rows.first?.integer("version").map { Int($0) } ?? 0
    }
}
