import NCMBWire

/// Counts that an index can answer (docs/decisions/0175-counts-by-legs.md).
///
/// A condition on a user field holds for a value or for an element of an array held there (MongoDB's array semantics,
/// docs/decisions/0105-indexes-on-paths-and-arrays.md): `value-condition OR (array guard AND element walk)`. Under that
/// `OR` no engine counts from the index alone: SQLite unions the row ids of both branches and reads every matching row,
/// PostgreSQL reads the heap behind a bitmap. So a count whose top-level `where` pins plain user fields to one kind of
/// scalar — a comparison (`$eq`, `$lt`, `$lte`, `$gt`, `$gte`) with a number, a string or a Date, or an `$eq` with a
/// Pointer or a boolean — is the sum of two counts over disjoint sets of objects:
///
/// - the **scalar leg**: the objects where every pinned field holds a scalar, the whole `where` compiled with those
///   fields' conditions on the values themselves (for a scalar the array branch is false). The pinning condition only
///   holds for a scalar of its kind, so no object holding an array in a pinned field is counted here; an index on the
///   field answers the leg from its entries (it holds the class, the value and `public_read`);
/// - the **array leg**: the objects where some pinned field holds an array (the guards the array companions of an index
///   hold), with the whole `where` compiled as usual; there are seldom any.
///
/// An object matching the `where` holds, in every pinned field, a scalar of the pinned kind or an array: it is in
/// exactly one leg. Every leg filters by class and ACL as the plain statement does.
extension QueryCompiler {
    /// The plain user fields the top-level `where` pins to one kind of scalar, in field order; empty when there are none.
    static func pinnedFields(_ whereQuery: WhereQuery) -> [FieldPath] {
        var fields: Set<FieldPath> = []
        for case .field(let field, let conditions) in whereQuery.clauses where SortedPage.isPlainUserField(field) {
            for condition in conditions {
                switch condition {
                case .lessThan(let value), .lessThanOrEqualTo(let value), .greaterThan(let value), .greaterThanOrEqualTo(let value):
                    if SortedPage.Kind(value) != nil { fields.insert(field) }
                case .equalTo(let value):
                    if IndexValueKind(of: value) != nil { fields.insert(field) }
                default:
                    continue
                }
            }
        }
        return fields.sorted()
    }

    /// Appends `SELECT (scalar leg's count) + (array leg's count) AS count` over `fields` (see the extension).
    mutating func appendCountByLegs(_ fields: [FieldPath], className: ClassName, whereQuery: WhereQuery) {
        statement.append("SELECT (SELECT COUNT(*) FROM objects o WHERE ")
        scalarStarts = Set(fields.map { jsonTarget($0, alias: "o").start })
        appendFilter(alias: "o", className: className, whereQuery: whereQuery, isTopLevel: true)
        scalarStarts = []
        // The guards first: where no index serves the leg, a row holding no array is passed over before the `where`.
        let guards = fields.map { QueryCompiler.arrayGuard(jsonTarget($0, alias: "o"), expandsArrays: true, dialect: dialect) }
        statement.append(") + (SELECT COUNT(*) FROM objects o WHERE (" + guards.joined(separator: " OR ") + ") AND ")
        appendFilter(alias: "o", className: className, whereQuery: whereQuery, isTopLevel: true)
        statement.append(") AS \(ObjectColumn.count)")
    }
}
