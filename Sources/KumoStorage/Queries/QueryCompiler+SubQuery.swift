import NCMBWire

/// `$inQuery`, `$notInQuery`, `$select`, `$dontSelect` and `$relatedTo` (docs/wire/query-operators.md,
/// docs/decisions/0011-extensions.md).
///
/// Sub-queries run over their own class in the same application, under the same ACL filter as the outer query, with
/// their own `order`, `limit` and `skip` (no limit when the sub-query has none). `$relatedTo` requires its owner object
/// to be readable by the caller, so relations of unreadable objects reveal nothing.
///
/// The array semantics (``appendAnyValue(_:expandsArrays:_:)``) write a condition twice; a sub-query holding sub-queries
/// is therefore written once per level (docs/decisions/0016-type-aware-equality.md): `$inQuery` over such a sub-query
/// walks the values as one `EXISTS`, and `$select` puts the values' comparison inside the one `EXISTS` over the
/// sub-query's rows. SQLite refuses a statement whose sub-queries multiply (its cursors are bounded), and the bound values
/// of repeated copies would outgrow both engines' limits.
extension QueryCompiler {
    /// `$inQuery`: a value the path reaches (or an element of one) is a Pointer to an object the sub-query returns.
    mutating func appendInQuery(_ target: FieldTarget, _ subQuery: SubQuery) {
        guard case .json(let target) = target else { return statement.append(dialect.literal(false)) }
        let pointsIntoSubQuery = { (compiler: inout QueryCompiler, reference: SQLJSONReference) in
            let dialect = compiler.dialect
            compiler.statement.append(
                "(\(compiler.isTyped(reference, "Pointer")) AND \(dialect.textValue(reference.appending(.className))) = ")
            compiler.statement.bind(.text(subQuery.className.rawValue))
            compiler.statement.append(" AND \(dialect.textValue(reference.appending(.objectId))) IN (")
            let alias = compiler.makeAlias("q")
            compiler.appendSubQuery(subQuery, alias: alias, columns: "\(alias).object_id")
            compiler.statement.append("))")
        }
        if subQuery.whereQuery.holdsSubQueries {
            appendEveryObject(target, pointsIntoSubQuery)
        } else {
            appendAnyValue(target, expandsArrays: true, pointsIntoSubQuery)
        }
    }

    /// `$select`: a value the path reaches (or an element of one) equals (type-aware) the `key` of some object the
    /// sub-query returns; `key` is read at its literal path.
    mutating func appendSelect(_ target: FieldTarget, _ subQuery: SubQuery, key: FieldPath) {
        let alias = makeAlias("q")
        let selected = makeAlias("t")
        statement.append("EXISTS (SELECT 1 FROM (")
        appendSubQuery(subQuery, alias: alias, columns: QueryCompiler.selectedColumns(alias: alias))
        statement.append(") \(selected) WHERE ")
        let selectedValue: ComparedValue =
            switch self.target(of: key, alias: selected) {
            case .text(let column): .text(column)
            case .date(let column): .date(column)
            case .json(let target): .json(target.direct)
            }
        switch target {
        case .json(let target):
            appendAnyValue(target, expandsArrays: true) { $0.appendValuesEqual(.json($1), selectedValue) }
        case .text(let column):
            appendValuesEqual(.text(column), selectedValue)
        case .date(let column):
            appendValuesEqual(.date(column), selectedValue)
        }
        statement.append(")")
    }

    /// `$relatedTo`: the row is a target of the owner's relation `key`, and the owner is readable.
    mutating func appendRelatedTo(owner: Pointer, key: FieldName, alias: String) {
        let relation = makeAlias("m")
        let ownerAlias = makeAlias("w")
        statement.append("\(alias).row_id IN (SELECT \(relation).target_row_id FROM relations \(relation)")
        statement.append(" JOIN objects \(ownerAlias) ON \(ownerAlias).row_id = \(relation).owner_row_id WHERE \(relation).field_name = ")
        statement.bind(.text(key.rawValue))
        statement.append(" AND \(ownerAlias).object_id = ")
        statement.bind(.text(owner.objectId))
        statement.append(" AND ")
        appendFilter(alias: ownerAlias, className: owner.className, whereQuery: .all, isTopLevel: false)
        statement.append(")")
    }

    /// `SELECT <columns> FROM objects <alias> WHERE <class, where, ACL> [ORDER …] [LIMIT …]` for a sub-query.
    mutating func appendSubQuery(_ subQuery: SubQuery, alias: String, columns: String) {
        statement.append("SELECT \(columns) FROM objects \(alias) WHERE ")
        appendFilter(alias: alias, className: subQuery.className, whereQuery: subQuery.whereQuery, isTopLevel: false)
        guard subQuery.limit != nil || (subQuery.skip ?? 0) > 0 else { return }
        appendOrder(subQuery.order, alias: alias, usesDistance: false)
        let limit = subQuery.limit.map { statement.parameter(.integer(Int64($0))) }
        let offset = subQuery.skip.flatMap { $0 > 0 ? statement.parameter(.integer(Int64($0))) : nil }
        statement.append(dialect.limitClause(limit: limit, offset: offset))
    }

    /// A value `$select` compares: a column or one JSON value.
    enum ComparedValue {
        /// The `objectId` text column.
        case text(String)
        /// A date column in milliseconds.
        case date(String)
        /// One JSON value.
        case json(SQLJSONReference)
    }

    /// Type-aware equality of two values (`$select`): numbers, strings, bools, Dates, Pointers and arrays.
    mutating func appendValuesEqual(_ left: ComparedValue, _ right: ComparedValue) {
        switch (left, right) {
        case (.text(let leftColumn), .text(let rightColumn)), (.date(let leftColumn), .date(let rightColumn)):
            statement.append("\(leftColumn) = \(rightColumn)")
        case (.text(let column), .json(let reference)), (.json(let reference), .text(let column)):
            statement.append("(\(dialect.isKind(.string, reference)) AND \(dialect.textValue(reference)) = \(column))")
        case (.json(let leftReference), .json(let rightReference)):
            statement.append(jsonValuesEqual(leftReference, rightReference))
        default:
            statement.append(dialect.literal(false))
        }
    }

    /// The SQL condition that two JSON values are equal with the same type rules as ``appendJSONEquals(_:_:)``.
    private func jsonValuesEqual(_ left: SQLJSONReference, _ right: SQLJSONReference) -> String {
        let both = { (kind: SQLJSONKind) in "\(dialect.isKind(kind, left)) AND \(dialect.isKind(kind, right))" }
        let pointerKeys = [SQLJSONReference.TypedKey.className, .objectId].map {
            "\(dialect.textValue(left.appending($0))) = \(dialect.textValue(right.appending($0)))"
        }
        let alternatives = [
            "(\(both(.number)) AND \(dialect.numberValue(left)) = \(dialect.numberValue(right)))",
            "(\(both(.string)) AND \(dialect.textValue(left)) = \(dialect.textValue(right)))",
            "(\(both(.boolean)) AND \(dialect.booleanValue(left)) = \(dialect.booleanValue(right)))",
            "(\(isDate(left)) AND \(isDate(right)) AND "
                + "\(dialect.textValue(left.appending(.iso))) = \(dialect.textValue(right.appending(.iso))))",
            "(\(isTyped(left, "Pointer")) AND \(isTyped(right, "Pointer")) AND \(pointerKeys.joined(separator: " AND ")))",
            "(\(both(.array)) AND \(dialect.jsonText(left)) = \(dialect.jsonText(right)))",
        ]
        return "(" + alternatives.joined(separator: " OR ") + ")"
    }
}

extension WhereQuery {
    /// Whether a clause, in any `$or` or `$and` branch, is `$inQuery`, `$notInQuery`, `$select` or `$dontSelect`.
    var holdsSubQueries: Bool {
        clauses.contains { clause in
            switch clause {
            case .field(_, let conditions):
                conditions.contains { condition in
                    switch condition {
                    case .inQuery, .notInQuery, .select, .dontSelect: true
                    default: false
                    }
                }
            case .or(let branches), .and(let branches): branches.contains(where: \.holdsSubQueries)
            case .relatedTo: false
            }
        }
    }
}
