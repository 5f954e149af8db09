/// One numbered schema change; applied once, in order, inside the start-up transaction.
///
/// Migrations are additive (new tables, columns, indexes and functions) so that instances of the previous version keep
/// working against a migrated database during a rolling deploy (docs/architecture.md#postgresql-engine-kumopostgres). A
/// released migration is never edited: changes go into a new, higher-numbered one.
package struct PostgresMigration: Sendable {
    /// The version this migration brings the schema to.
    package let version: Int
    /// Its statements, one SQL statement each.
    package let statements: [String]
}

extension PostgresMigration {
    /// Every migration, in version order.
    package static let all: [PostgresMigration] = [
        .version1, .version2, .version3, .version4, .version5, .version6, .version7, .version8, .version9, .version10, .version11,
        .version12, .version13,
    ]

    /// The version after every migration ran.
    static var latestVersion: Int { all.map(\.version).max() ?? 0 }
}
