extension SQLiteMigrator {
    /// GeoPoint fields keep their kind (issue 15, docs/decisions/0057-geopoint-fields-keep-their-kind.md):
    /// `classes.location_fields`, the JSON array of the class's fields that hold GeoPoints (`NULL` for none), filled
    /// from the objects already stored.
    ///
    /// Numbered 5 because version 4 is reserved for scripts (issue 14); the migrator applies whatever is missing in
    /// order, so a database may reach 5 before 4 exists in the build.
    static let version5 = """
        ALTER TABLE classes ADD COLUMN location_fields TEXT;
        UPDATE classes SET location_fields = (
            SELECT json_group_array(name) FROM (
                SELECT DISTINCT f.key AS name FROM objects o, json_each(o.fields) f
                WHERE o.class_id = classes.class_id AND f.type = 'object' AND json_extract(f.value, '$.__type') = 'GeoPoint'
                ORDER BY f.key))
        WHERE EXISTS (
            SELECT 1 FROM objects o, json_each(o.fields) f
            WHERE o.class_id = classes.class_id AND f.type = 'object' AND json_extract(f.value, '$.__type') = 'GeoPoint');
        """
}
