import NCMBWire

/// Sorted pages that an index can serve without sorting the matches (docs/decisions/0141-sorted-pages-on-indexes.md).
///
/// A page ordered by one user field `F` whose top-level `where` compares `F` with a number, a string or a Date
/// (`$eq`, `$lt`, `$lte`, `$gt`, `$gte`) only matches objects where `F` holds a value of that kind, or an array (an
/// element matched, MongoDB's array semantics). So the page is the merge of two legs, each limited to `skip + limit`:
///
/// - the **scalar leg**: the objects where `F` holds that kind, with `F`'s conditions on the value itself (no array
///   branch), ordered by the value expression and the tie-break (`createDate` then the row, newest first). That is the
///   order of an index on `F` of that kind (ascending, or its descending companion), so the engine walks the index
///   from the range's start and stops after `skip + limit` entries;
/// - the **array leg**: the objects where `F` holds an array, with the whole `where` and NCMB's full order (the array
///   companion index finds them; there are seldom any).
///
/// Every object of the scalar leg has the same rank in NCMB's order across kinds, the arrays another
/// (``appendOrder(_:alias:usesDistance:)``), so the legs never interleave: the merge orders by the leg, then by the
/// precomputed sort value and the tie-break — at most `2 × (skip + limit)` rows — and pages. The legs and the merge
/// carry only the row, its leg and its sort keys; the page's `limit` rows are read whole by a join afterwards, so a
/// deep page (`skip`) copies and sorts keys, not objects (docs/decisions/0163-sorted-pages-by-keys.md). The result is
/// the one the plain statement gives, row for row.
extension QueryCompiler {
    /// A page that the two legs can serve.
    struct SortedPage {
        /// The ordered field, a plain user field.
        let field: FieldPath
        /// The kind every object of the scalar leg holds in it.
        let kind: Kind
        /// Whether the order is descending.
        let isDescending: Bool

        /// The kinds of value a comparison selects.
        enum Kind {
            case number, string, date

            /// The rank of the kind in NCMB's order across kinds (``QueryCompiler/appendOrder(_:alias:usesDistance:)``);
            /// arrays rank 3.
            var rank: Int {
                switch self {
                case .number: 1
                case .string: 2
                case .date: 6
                }
            }
        }

        /// The rank of objects and arrays in NCMB's order across kinds.
        static let arrayRank = 3

        /// The shape of a page, or `nil` when the plain statement must serve it: one order key on a plain user field,
        /// with a top-level comparison of that field with a number, a string or a Date.
        init?(_ parameters: QueryParameters) {
            guard parameters.order.count == 1, let key = parameters.order.first, !key.field.isDotted,
                ![FieldName.objectId, .createDate, .updateDate, .acl].contains(key.field.root)
            else { return nil }
            var selected: Kind?
            for case .field(let field, let conditions) in parameters.whereQuery.clauses where field == key.field {
                for condition in conditions {
                    switch condition {
                    case .equalTo(let value), .lessThan(let value), .lessThanOrEqualTo(let value), .greaterThan(let value),
                        .greaterThanOrEqualTo(let value):
                        selected = selected ?? Kind(value)
                    default:
                        continue
                    }
                }
            }
            guard let selected else { return nil }
            self.field = key.field
            self.kind = selected
            self.isDescending = key.isDescending
        }

        /// Whether the scalar leg comes first in the page's order.
        var scalarLegFirst: Bool { isDescending ? kind.rank > SortedPage.arrayRank : kind.rank < SortedPage.arrayRank }
    }

    /// The value expression that orders the scalar leg: what an index of the kind holds (``IndexStatements``).
    func sortValue(_ page: SortedPage, alias: String) -> String {
        let reference = SQLJSONReference(column: "\(alias).fields", path: page.field)
        return switch page.kind {
        case .number: dialect.numberValue(reference)
        case .string: dialect.textValue(reference)
        case .date: dialect.textValue(reference.appending(.iso))
        }
    }

    /// Appends the page statement of `page`: the two limited legs of row ids and sort keys, the outer merge that
    /// pages them, and the join back to the page's rows (see the extension).
    mutating func appendSortedPage(_ page: SortedPage, className: ClassName, parameters: QueryParameters) {
        let direction = page.isDescending ? "DESC" : "ASC"
        let legLimit = statement.parameter(.integer(Int64(parameters.effectiveSkip + parameters.effectiveLimit)))
        statement.append("SELECT \(QueryCompiler.selectedColumns(alias: "o")) FROM (SELECT * FROM (SELECT * FROM (")
        // The scalar leg: the field's conditions without their array branch.
        let value = sortValue(page, alias: "o")
        let scalarNumber = page.kind == .number ? value : "CAST(NULL AS NUMERIC)"
        let scalarText = page.kind == .number ? "CAST(NULL AS TEXT)" : value
        appendLeg(
            position: page.scalarLegFirst ? 0 : 1, number: scalarNumber, text: scalarText, className: className,
            whereQuery: parameters.whereQuery, scalarField: page.field)
        statement.append(" ORDER BY \(value) \(direction), \(QueryCompiler.tieBreak(alias: "o"))")
        statement.append(dialect.limitClause(limit: legLimit, offset: nil))
        statement.append(") kumo_scalar UNION ALL SELECT * FROM (")
        // The array leg: the whole `where`, and only arrays in the field.
        let target = jsonTarget(page.field, alias: "o")
        appendLeg(
            position: page.scalarLegFirst ? 1 : 0, number: "CAST(NULL AS NUMERIC)", text: dialect.jsonText(target.direct),
            className: className, whereQuery: parameters.whereQuery, scalarField: nil)
        statement.append(" AND \(QueryCompiler.arrayGuard(target, expandsArrays: true, dialect: dialect))")
        appendOrder(parameters.order, alias: "o", usesDistance: false)
        statement.append(dialect.limitClause(limit: legLimit, offset: nil))
        let merge = "p.kumo_leg ASC, p.kumo_number \(direction), p.kumo_text \(direction), p.kumo_created DESC, p.kumo_row DESC"
        statement.append(") kumo_array) p ORDER BY \(merge)")
        let limit = statement.parameter(.integer(Int64(parameters.effectiveLimit)))
        let offset = parameters.effectiveSkip > 0 ? statement.parameter(.integer(Int64(parameters.effectiveSkip))) : nil
        statement.append(dialect.limitClause(limit: limit, offset: offset))
        // The join back: only the page's rows are read whole, in the merge's order.
        statement.append(") p JOIN objects o ON o.\(ObjectColumn.rowId) = p.kumo_row ORDER BY \(merge)")
    }

    /// The tie-break of NCMB's order over the rows of `alias`: `createDate` then the row, newest first.
    static func tieBreak(alias: String) -> String { "\(alias).create_date DESC, \(alias).row_id DESC" }

    /// Appends `SELECT row, leg, sort values FROM objects o WHERE filter` for one leg: only what orders the leg, so
    /// that a deep page (`skip`) copies and merges keys, not whole rows.
    private mutating func appendLeg(
        position: Int, number: String, text: String, className: ClassName, whereQuery: WhereQuery, scalarField: FieldPath?
    ) {
        statement.append("SELECT o.\(ObjectColumn.rowId) AS kumo_row, o.\(ObjectColumn.createDate) AS kumo_created,")
        statement.append(" \(position) AS kumo_leg, \(number) AS kumo_number, \(text) AS kumo_text FROM objects o WHERE ")
        scalarStart = scalarField.map { jsonTarget($0, alias: "o").start }
        appendFilter(alias: "o", className: className, whereQuery: whereQuery, isTopLevel: true)
        scalarStart = nil
    }
}

extension QueryCompiler.SortedPage.Kind {
    /// The kind a comparison with `value` selects, or `nil` for an operand of another kind.
    init?(_ value: JSONValue) {
        switch TypedValue(value) {
        case .number: self = .number
        case .string: self = .string
        case .date: self = .date
        default: return nil
        }
    }
}
