/// One numbered schema change of an engine: its statements are applied once, in order, inside one transaction, and the
/// version is then recorded in `schema_migrations`.
///
/// Migrations are additive (new tables, columns, indexes and functions), so that data written by an older version stays
/// readable and, on PostgreSQL, instances of the previous version keep working during a rolling deploy. A released
/// migration is never edited: changes go into a new, higher-numbered one.
package struct SQLMigration: Sendable {
    /// The version this migration brings the schema to.
    package let version: Int
    /// Its statements, one SQL statement each.
    package let statements: [String]

    /// Creates a migration.
    package init(version: Int, statements: [String]) {
        self.version = version
        self.statements = statements
    }
}
