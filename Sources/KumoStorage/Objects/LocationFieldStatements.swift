package import NCMBWire

/// The statements behind the rule that a field of a class holds GeoPoints or other values, never both
/// (docs/decisions/0057-geopoint-fields-keep-their-kind.md).
///
/// `classes.location_fields` is the JSON array of the class's fields that hold GeoPoints (SQL `NULL` for none). A write
/// reads it under a shared lock of the class row; the first GeoPoint written into a field takes the row exclusively,
/// checks that no object of the class holds another value there, and adds the field. On PostgreSQL the shared lock
/// (`FOR KEY SHARE`, which the foreign key of every object insert takes anyway) and the exclusive one (`FOR UPDATE`)
/// make a concurrent writer of a number into the same field wait for the declaration and then see it; SQLite's single
/// writer needs neither.
package enum LocationFieldStatements {
    /// The result columns of ``classRow(applicationId:className:exclusive:dialect:)``.
    package enum Column {
        /// `classes.class_id`.
        package static let classId = "class_id"
        /// `classes.location_fields`.
        package static let locationFields = "location_fields"
    }

    /// The class's id and location fields, locked shared (or exclusively with `exclusive`) until the unit ends.
    package static func classRow(applicationId: String, className: ClassName, exclusive: Bool, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(
            dialect: dialect,
            """
            SELECT c.class_id AS \(sql: Column.classId), c.location_fields AS \(sql: Column.locationFields) FROM classes c \
            WHERE c.application_id = \(.text(applicationId)) AND c.class_name = \(.text(className.rawValue))
            """)
        statement.append(exclusive ? dialect.rowLock(alias: "c", skippingLocked: false) : dialect.sharedRowLock(alias: "c"))
        return statement
    }

    /// How many fields one ``otherValueExists(classId:fields:dialect:)`` names at most (each is a bound value).
    package static let fieldsPerStatement = 500

    /// A row when an object of the class holds a value other than `null` and a GeoPoint in one of `fields` (at most
    /// ``fieldsPerStatement``). One pass over the members of each stored object, each looked up among the fields: linear
    /// in the class's stored fields whatever the number of fields asked about.
    package static func otherValueExists(classId: Int64, fields: some Collection<FieldName>, dialect: any SQLDialect) -> SQLStatement {
        let member = SQLJSONReference(elementAlias: "m")
        var statement = SQLStatement(
            dialect: dialect, "SELECT 1 AS found FROM objects o, \(dialect.objectMembers(of: "o.fields", alias: "m")) WHERE o.class_id = ")
        statement.bind(.integer(classId))
        statement.append(" AND m.key IN (")
        statement.bind(list: fields.map { .text($0.rawValue) })
        statement.append(") AND NOT \(dialect.isKind(.null, member))")
        statement.append(" AND NOT COALESCE(\(dialect.isKind(.object, member)) AND \(dialect.textValue(member.appending(.type))) = 'GeoPoint', ")
        statement.append("\(dialect.literal(false))) LIMIT 1")
        return statement
    }

    /// Replaces the location fields of a class.
    package static func setLocationFields(_ fields: [String], classId: Int64, dialect: any SQLDialect) -> SQLStatement {
        let encoded = JSONValue.array(fields.map { .string($0) }).serializedString()
        return SQLStatement(
            dialect: dialect, "UPDATE classes SET location_fields = \(.text(encoded)) WHERE class_id = \(.integer(classId))")
    }

    /// The field names of a stored `location_fields` value (`NULL` or text that is not an array of strings: none).
    package static func decode(_ text: String?) -> [String] {
        guard let text, let elements = try? JSONValue(parsing: text).arrayValue else { return [] }
        return elements.compactMap(\.stringValue)
    }
}

/// The kinds of the values a write gives its fields, for the location-field rule: fields set to a GeoPoint and fields
/// set to anything else but `null`. Values nested in arrays and objects do not count; a Relation marker counts as
/// another value.
package struct WrittenFieldKinds: Sendable, Hashable {
    /// Fields whose new value is a GeoPoint.
    package var locations: [FieldName]
    /// Fields whose new value is neither `null` nor a GeoPoint.
    package var others: [FieldName]

    /// Classifies the new values of the `written` fields of `fields` (system fields ignored), each field once, in
    /// written order; linear in the number of written fields.
    package init(fields: JSONObject, written: some Sequence<FieldName>) {
        var locations: [FieldName] = []
        var others: [FieldName] = []
        var seen: Set<String> = []
        for field in written where !field.isSystemField && seen.insert(field.rawValue).inserted {
            guard let value = fields[field.rawValue] else { continue }
            switch TypedValue(value) {
            case .null: continue
            case .geoPoint: locations.append(field)
            default: others.append(field)
            }
        }
        self.locations = locations
        self.others = others
    }

    /// Whether a field set to another value is one of `locationFields` (the write breaks the rule).
    package func setsOtherValue(in locationFields: Set<String>) -> Bool {
        !locationFields.isEmpty && others.contains { locationFields.contains($0.rawValue) }
    }

    /// The fields set to a GeoPoint that are not yet among `locationFields`.
    package func newLocations(besides locationFields: Set<String>) -> [FieldName] {
        locations.filter { !locationFields.contains($0.rawValue) }
    }

    /// Whether nothing was written that the rule looks at.
    package var isEmpty: Bool { locations.isEmpty && others.isEmpty }
}
