import KumoStorage
import Logging
import SQLiteNIO

/// Brings a database to ``SQLiteMigration/latestVersion``, recording each applied version in `schema_migrations`.
enum SQLiteMigrator {
    /// Applies the missing migrations on the write connection before any other connection opens.
    ///
    /// - Returns: The schema version afterwards.
    static func migrate(_ transaction: SQLiteTransaction, logger: Logger) async throws -> Int {
        try await transaction.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)"
        )
        var current = try await version(transaction)
        for migration in SQLiteMigration.all where migration.version > current {
            try await transaction.execute("BEGIN IMMEDIATE")
            do {
                for statement in migration.statements { try await transaction.execute(statement) }
                try await transaction.execute(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES (?1, CAST(unixepoch('subsec') * 1000 AS INTEGER))",
                    [.integer(Int64(migration.version))]
                )
                try await transaction.execute("COMMIT")
            } catch {
                try? await transaction.execute("ROLLBACK")
                throw error
            }
            logger.info("Applied SQLite migration", metadata: ["version": "\(migration.version)"])
            current = migration.version
        }
        return current
    }

    /// The highest applied version, 0 for a new database.
    static func version(_ transaction: SQLiteTransaction) async throws -> Int {
        let rows = try await transaction.rows("SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations")
        return rows.first?.column("version")?.integer.map { Int($0) } ?? 0
    }
}
