/// One numbered schema change; applied once, in order, inside one transaction.
///
/// Migrations are additive (new tables, columns and indexes) so that data written by an older version stays readable.
/// A released migration is never edited: changes go into a new, higher-numbered one.
struct SQLiteMigration: Sendable {
    /// The version this migration brings the schema to.
    let version: Int
    /// Its statements, one SQL statement each.
    let statements: [String]
}

extension SQLiteMigration {
    /// Every migration, in version order.
    static let all: [SQLiteMigration] = [.version1, .version2, .version3]

    /// The version after every migration ran.
    static var latestVersion: Int { all.last?.version ?? 0 }
}
