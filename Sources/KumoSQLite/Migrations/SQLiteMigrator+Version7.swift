import KumoStorage

extension SQLiteMigrator {
    /// Indexes on user fields and the index advisor's record of slow query shapes (issue 17,
    /// docs/decisions/0074-indexes-on-user-fields.md): the tables of ``SQLSchema/version7``, declared once for both
    /// engines and spelled here in SQLite's types (docs/decisions/0173-shared-table-declarations.md).
    static let version7 = SQLSchema.version7.map { $0.createStatement(SQLiteDialect()) + ";" }.joined(separator: "\n")
}
