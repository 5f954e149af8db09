import KumoStorage

extension PostgresMigration {
    /// Indexes on user fields and the index advisor's record of slow query shapes (issue 17,
    /// docs/decisions/0074-indexes-on-user-fields.md): the tables of ``SQLSchema/version7``, declared once for both
    /// engines and spelled here in PostgreSQL's types (docs/decisions/0173-shared-table-declarations.md).
    static let version7 = PostgresMigration(
        version: 7,
        statements: SQLSchema.version7.map { $0.createStatement(PostgresDialect()) }
    )
}
