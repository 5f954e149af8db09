extension PostgresMigration {
    /// GeoPoint fields keep their kind (issue 15, docs/decisions/0057-geopoint-fields-keep-their-kind.md):
    /// `classes.location_fields`, the JSON array (as text) of the class's fields that hold GeoPoints (`NULL` for none),
    /// filled from the objects already stored.
    ///
    /// Numbered 5 because version 4 is reserved for scripts (issue 14); the migrator applies whatever is missing in
    /// order.
    static let version5 = PostgresMigration(
        version: 5,
        statements: [
            "ALTER TABLE classes ADD COLUMN location_fields text",
            """
            UPDATE classes c SET location_fields = s.names FROM (
                SELECT o.class_id, json_agg(DISTINCT f.key ORDER BY f.key)::text AS names
                FROM objects o, json_each(o.fields) f
                WHERE json_typeof(f.value) = 'object' AND f.value->>'__type' = 'GeoPoint'
                GROUP BY o.class_id) s
            WHERE c.class_id = s.class_id
            """,
        ]
    )
}
