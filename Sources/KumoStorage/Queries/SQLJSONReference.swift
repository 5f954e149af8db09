package import NCMBWire

/// Where a JSON value sits: a key path inside a JSON column, or inside one element of an array being iterated.
///
/// Path keys are the segments of validated field paths (names of letters, digits and `_`, or array positions) or the
/// fixed keys of NCMB typed values (``TypedKey``), so a dialect may write them as literal JSON paths
/// (docs/architecture.md#principles): no request text can reach the SQL this way.
package struct SQLJSONReference: Sendable, Hashable {
    /// What the path starts from.
    package enum Base: Sendable, Hashable {
        /// A column holding a JSON document, e.g. `o.fields`.
        case column(String)
        /// The current element of an array iteration opened with ``SQLDialect/arrayElements(of:alias:)``.
        case element(alias: String)
    }

    /// The keys NCMB typed values use below a field (docs/wire/field-types.md#types).
    package enum TypedKey: String, Sendable, Hashable {
        /// The type marker: `Date`, `Pointer`, `GeoPoint`, `Relation`, `Object`.
        case type = "__type"
        /// A Date's ISO text.
        case iso
        /// A Pointer's or Relation's class.
        case className
        /// A Pointer's objectId.
        case objectId
        /// A GeoPoint's latitude.
        case latitude
        /// A GeoPoint's longitude.
        case longitude
    }

    /// What the path starts from.
    package let base: Base
    /// Keys below the base, outermost first; empty means the base value itself. A ``FieldPath/Key/index(_:)`` is an
    /// array position (on PostgreSQL also the object key of those digits).
    package let path: [FieldPath.Key]

    /// A field of a JSON column: `fields` `points` → `$.points`.
    package init(column: String, field: FieldName) {
        self.base = .column(column)
        self.path = [.name(field.rawValue)]
    }

    /// A field path in a JSON column: `fields` `hash.arr.0` → `$.hash.arr[0]`.
    package init(column: String, path: FieldPath) {
        self.base = .column(column)
        self.path = [.name(path.root.rawValue)] + path.keys
    }

    /// The whole JSON document of a column.
    package init(column: String) {
        self.base = .column(column)
        self.path = []
    }

    /// The current element of an array iteration.
    package init(elementAlias alias: String) {
        self.base = .element(alias: alias)
        self.path = []
    }

    private init(base: Base, path: [FieldPath.Key]) {
        self.base = base
        self.path = path
    }

    /// The reference one level down, at a typed-value key.
    package func appending(_ key: TypedKey) -> SQLJSONReference {
        SQLJSONReference(base: base, path: path + [.name(key.rawValue)])
    }

    /// The reference one level down, at a field name.
    package func appending(field: FieldName) -> SQLJSONReference {
        SQLJSONReference(base: base, path: path + [.name(field.rawValue)])
    }

    /// The reference one level down, at a segment of a field path.
    package func appending(key: FieldPath.Key) -> SQLJSONReference {
        SQLJSONReference(base: base, path: path + [key])
    }
}

/// The kinds of JSON value a dialect can test for.
package enum SQLJSONKind: Sendable, Hashable {
    /// JSON `null` (present but null).
    case null
    /// `true` or `false`.
    case boolean
    /// `true`.
    case `true`
    /// `false`.
    case `false`
    /// An integer or a real number.
    case number
    /// A string.
    case string
    /// An array.
    case array
    /// An object (including NCMB typed values).
    case object
}
