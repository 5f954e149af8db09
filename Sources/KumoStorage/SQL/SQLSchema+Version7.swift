/// The tables the engines share declaration by declaration, in the migration that created them.
package enum SQLSchema {
    /// Migration 7: indexes on user fields and the index advisor's record of slow query shapes (issue 17,
    /// docs/decisions/0074-indexes-on-user-fields.md). The indexes themselves are created by `kumo classes index add`,
    /// not by migrations; `class_indexes` lists them with the fields and kinds they were made for.
    package static let version7: [SQLTable] = [
        SQLTable(
            name: "class_indexes",
            columns: [
                .text("application_id"), .text("class_name"), .text("index_name"), .text("fields"), .text("origin"),
                .integer("create_date"),
            ],
            primaryKey: ["application_id", "class_name", "index_name"]
        ),
        SQLTable(
            name: "query_shapes",
            columns: [
                .text("application_id"), .text("class_name"), .text("shape"), .text("suggestion"), .integer("runs"),
                .real("total_milliseconds"), .real("maximum_milliseconds"), .integer("last_seen"),
            ],
            primaryKey: ["application_id", "class_name", "shape"]
        ),
    ]
}
