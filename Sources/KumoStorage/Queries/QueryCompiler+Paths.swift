import NCMBWire

/// Dotted paths and MongoDB's array semantics (docs/decisions/0016-type-aware-equality.md,
/// docs/decisions/0104-dotted-paths.md, docs/decisions/0105-indexes-on-paths-and-arrays.md).
///
/// The values a path reaches: the field's value; then, for each later key, the key of each object reached so far and
/// the key of each object element of each array reached so far; for a position, the element at that position of each
/// array and the member named by those digits of each object. A value condition (equality, `$in`, comparisons,
/// `$regex`, sub-queries) holds when one of those values, or one element of one of them that is an array, satisfies
/// it; `$exists`, `$inArray`, `$ninArray` and `$all` look at the values only.
///
/// Compiled as `(class AND <condition on the direct value>) OR (class AND <guard> AND <the walk>)`. The direct value is
/// the value at the literal path (what an index on the path holds), so a scalar equality stays a plain index lookup; the
/// walk runs only where the cheap guard (``arrayGuard(_:expandsArrays:dialect:)``) sees that the literal path cannot
/// tell every value.
/// The class filter is repeated in both branches because SQLite uses an index per branch of an `OR` only when each
/// branch names the indexed `class_id` itself; the guard is spelled exactly as the array companion index's predicate.
extension QueryCompiler {
    /// A JSON value that a condition applies to: a user field or a path into it, or into the ACL.
    struct JSONTarget {
        /// The value the path starts at: the field (`o.fields` at `points`), or the ACL document.
        let start: SQLJSONReference
        /// The keys below ``start``.
        let keys: [FieldPath.Key]
        /// The class filter of the rows, to repeat inside an array disjunction; `nil` where the rows have none of their
        /// own (the selected rows of `$select`).
        let classFilter: String?
        /// The alias of the rows, to read the members of a Relation (see ``readsRelationMembers``).
        var rowAlias: String? = nil

        /// Whether the path is `<field>.objectId`: where the field holds a Relation, the objectIds of its readable members
        /// are values the path reaches too (``appendRelationMembers(_:alias:_:)``).
        var readsRelationMembers: Bool {
            start.path.count == 1 && keys == [.name(SQLJSONReference.TypedKey.objectId.rawValue)]
        }

        /// The value at the literal path, with no array on the way: what an index on the path holds.
        var direct: SQLJSONReference { keys.reduce(start) { $0.appending(key: $1) } }

        /// The references along the literal path: ``start``, then one per key.
        var prefixes: [SQLJSONReference] {
            var references = [start]
            for key in keys { references.append(references[references.count - 1].appending(key: key)) }
            return references
        }
    }

    /// The JSON target of `path` in the `fields` document (or the ACL) of the rows of `alias`.
    ///
    /// A path below `objectId`, `createDate` or `updateDate` names a key no `fields` document holds: it is missing.
    func jsonTarget(_ path: FieldPath, alias: String) -> JSONTarget {
        let start =
            path.root == .acl
            ? SQLJSONReference(column: "\(alias).acl") : SQLJSONReference(column: "\(alias).fields", field: path.root)
        var target = JSONTarget(start: start, keys: path.keys, classFilter: classFilters[alias])
        if classFilters[alias] != nil { target.rowAlias = alias }
        return target
    }

    /// Appends `condition` for the values `target` reaches and, with `expandsArrays`, for the elements of those that
    /// are arrays.
    mutating func appendAnyValue(
        _ target: JSONTarget, expandsArrays: Bool, _ condition: (inout QueryCompiler, SQLJSONReference) -> Void
    ) {
        guard expandsArrays || !target.keys.isEmpty else { return condition(&self, target.direct) }
        // The scalar legs of a sorted page hold only objects where these fields hold scalars, never arrays.
        if target.keys.isEmpty, scalarStarts.contains(target.start) { return condition(&self, target.direct) }
        let filter = target.classFilter.map { "\($0) AND " } ?? ""
        statement.append("((\(filter)")
        condition(&self, target.direct)
        statement.append(") OR (\(filter)\(QueryCompiler.arrayGuard(target, expandsArrays: expandsArrays, dialect: dialect)) AND ")
        guard target.readsRelationMembers, let alias = target.rowAlias else {
            appendWalk(target, expandsArrays: expandsArrays, condition)
            return statement.append("))")
        }
        statement.append("(")
        appendWalk(target, expandsArrays: expandsArrays, condition)
        statement.append(" OR ")
        appendRelationMembers(target, alias: alias, condition)
        statement.append(")))")
    }

    /// True when the field at `target.start` is a Relation with a readable member whose objectId satisfies `condition`
    /// (`rel.objectId`: NCMB's blog shows a Pointer's `objectId`, and a Relation holds pointers).
    private mutating func appendRelationMembers(
        _ target: JSONTarget, alias: String, _ condition: (inout QueryCompiler, SQLJSONReference) -> Void
    ) {
        guard case .name(let field)? = target.start.path.first else { return statement.append(dialect.literal(false)) }
        let relation = makeAlias("m")
        let member = makeAlias("r")
        statement.append("\(isTyped(target.start, "Relation")) AND EXISTS (SELECT 1 FROM relations \(relation)")
        statement.append(" JOIN objects \(member) ON \(member).row_id = \(relation).target_row_id")
        statement.append(" WHERE \(relation).owner_row_id = \(alias).row_id AND \(relation).field_name = ")
        statement.bind(.text(field))
        statement.append(" AND ")
        appendAccess(alias: member, permission: .read)
        statement.append(" AND ")
        condition(&self, SQLJSONReference(column: dialect.jsonText(ofText: "\(member).object_id")))
        statement.append(")")
    }

    /// True where the literal path cannot tell every value: an array where a key is read (its objects' keys), an object
    /// where a position is read (its member of those digits), with `expandsArrays` an array at the end (its elements),
    /// or a Relation whose members' objectIds `<field>.objectId` reads. An array where a position is read is what the
    /// literal path reads already, so `hash.arr.0` on an array stays a plain lookup.
    ///
    /// The array companion of an index holds exactly the rows where the guard with `expandsArrays` holds, spelled the
    /// same, so that the planner can use it for the second branch (``IndexStatements``).
    static func arrayGuard(_ target: JSONTarget, expandsArrays: Bool, dialect: any SQLDialect) -> String {
        let prefixes = target.prefixes
        var tests: [String] = []
        for (position, key) in target.keys.enumerated() {
            switch key {
            case .name: tests.append(dialect.isKind(.array, prefixes[position]))
            case .index: tests.append(dialect.isKind(.object, prefixes[position]))
            }
        }
        if expandsArrays, let last = prefixes.last { tests.append(dialect.isKind(.array, last)) }
        if target.readsRelationMembers {
            tests.append(isTyped(target.start, "Relation", dialect: dialect))
        }
        return "(" + tests.joined(separator: " OR ") + ")"
    }

    /// `EXISTS (…)` over every value the path reaches (see the extension's documentation).
    private mutating func appendWalk(
        _ target: JSONTarget, expandsArrays: Bool, _ condition: (inout QueryCompiler, SQLJSONReference) -> Void
    ) {
        guard !target.keys.isEmpty else { return appendElementExists(in: target.direct, condition) }
        let walk = makeWalk(target)
        statement.append("EXISTS (SELECT 1 FROM \(walk.sources.joined(separator: ", ")) WHERE ")
        for filter in walk.filters { statement.append("\(filter) AND ") }
        guard expandsArrays else {
            condition(&self, walk.value)
            return statement.append(")")
        }
        statement.append("(")
        condition(&self, walk.value)
        statement.append(" OR (\(dialect.isKind(.array, walk.value)) AND ")
        appendElementExists(in: walk.value, condition)
        statement.append(")))")
    }

    /// `EXISTS (…)` over every object the path reaches and every object element of an array it reaches, the condition
    /// written once: what a condition that holds only for objects (a Pointer's) needs, when writing it twice would
    /// repeat a sub-query that holds sub-queries.
    mutating func appendEveryObject(_ target: JSONTarget, _ condition: (inout QueryCompiler, SQLJSONReference) -> Void) {
        var walk = makeWalk(target)
        let alias = makeAlias("x")
        walk.sources.append(dialect.objectsOrElements(of: walk.value, alias: alias))
        statement.append("EXISTS (SELECT 1 FROM \(walk.sources.joined(separator: ", ")) WHERE ")
        for filter in walk.filters { statement.append("\(filter) AND ") }
        condition(&self, SQLJSONReference(elementAlias: alias))
        statement.append(")")
    }

    /// The `FROM` items and conditions that step through the target's keys, and the reference to each value reached.
    private mutating func makeWalk(_ target: JSONTarget) -> (sources: [String], filters: [String], value: SQLJSONReference) {
        var sources: [String] = []
        var filters: [String] = []
        var value = target.start
        for key in target.keys {
            let alias = makeAlias("p")
            switch key {
            case .name:
                sources.append(dialect.objectsOrElements(of: value, alias: alias))
                value = SQLJSONReference(elementAlias: alias).appending(key: key)
            case .index(let index):
                let member = dialect.member(of: value, index: index, alias: alias)
                sources.append(member.source)
                if let condition = member.condition { filters.append(condition) }
                value = SQLJSONReference(elementAlias: alias)
            }
        }
        return (sources, filters, value)
    }

    /// `EXISTS (SELECT 1 FROM <elements of reference> WHERE <condition on the element>)`.
    mutating func appendElementExists(
        in reference: SQLJSONReference, _ condition: (inout QueryCompiler, SQLJSONReference) -> Void
    ) {
        let alias = makeAlias("e")
        statement.append("EXISTS (SELECT 1 FROM \(dialect.arrayElements(of: reference, alias: alias)) WHERE ")
        condition(&self, SQLJSONReference(elementAlias: alias))
        statement.append(")")
    }

    /// `null` equality on a path: no value reached, or one of them (or an element of one) is `null`.
    mutating func appendNullEquality(_ target: JSONTarget) {
        statement.append("(")
        appendNegation { $0.appendAnyValue(target, expandsArrays: false) { $0.statement.append($0.dialect.exists($1)) } }
        statement.append(" OR ")
        appendAnyValue(target, expandsArrays: true) { $0.statement.append($0.dialect.isKind(.null, $1)) }
        statement.append(")")
    }
}
