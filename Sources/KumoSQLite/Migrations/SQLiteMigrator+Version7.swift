extension SQLiteMigrator {
    /// Indexes on user fields and the index advisor's record of slow query shapes (issue 17,
    /// docs/decisions/0074-indexes-on-user-fields.md). The indexes themselves are created by `kumo classes index add`,
    /// not by migrations; `class_indexes` lists them with the fields and kinds they were made for.
    static let version7 = """
        CREATE TABLE class_indexes (
            application_id TEXT NOT NULL,
            class_name TEXT NOT NULL,
            index_name TEXT NOT NULL,
            fields TEXT NOT NULL,
            origin TEXT NOT NULL,
            create_date INTEGER NOT NULL,
            PRIMARY KEY (application_id, class_name, index_name)
        );
        CREATE TABLE query_shapes (
            application_id TEXT NOT NULL,
            class_name TEXT NOT NULL,
            shape TEXT NOT NULL,
            suggestion TEXT NOT NULL,
            runs INTEGER NOT NULL,
            total_milliseconds REAL NOT NULL,
            maximum_milliseconds REAL NOT NULL,
            last_seen INTEGER NOT NULL,
            PRIMARY KEY (application_id, class_name, shape)
        );
        """
}
