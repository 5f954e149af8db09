import NCMBWire

/// Sorted pages that an index can serve without sorting the matches (docs/decisions/0141-sorted-pages-on-indexes.md,
/// docs/decisions/0168-sorted-pages-after-equalities.md).
///
/// A page ordered by one plain user field `B` is compiled as legs, each limited to `skip + limit`, and a merge, when
/// its top-level `where` compares `B` with a number, a string or a Date (`$eq`, `$lt`, `$lte`, `$gt`, `$gte`: the
/// comparison pins `B`'s kind) or holds an equality (`$eq` with a number, string, Date, Pointer or boolean) on another
/// plain user field `A`:
///
/// - a **scalar leg** per kind of `B` (the pinned kind, else numbers, strings and Dates): the objects where `B` holds
///   that kind and every `A` a scalar, with those fields' conditions on the values themselves (no array branch: for a
///   scalar that branch is false), ordered by `B`'s value expression and the tie-break (`createDate` then the row,
///   newest first). That is the order of an index `(A…, B)` of that kind (ascending, or its descending companion), so
///   the engine walks the index from the equalities and the range's start and stops after `skip + limit` entries.
///   Without a pinned kind each leg also says that `B` holds none of the other kinds, which an index of another kind
///   answers;
/// - the **rest**, in NCMB's full order: with a pinned kind, where `B` holds an array (whatever the `A`s hold: the
///   equalities compiled whole are no index prefix, so `B`'s array companion finds these objects), and where some `A`
///   holds an array and `B` none; without one, where `B` holds anything but a number, a string or a Date and every
///   `A` a scalar (an index `(A…, B)` finds them after the equality), and where some `A` holds an array. The array
///   companion indexes find the arrays; there are seldom any.
///
/// Every object is in exactly one leg, and every row carries its rank in NCMB's order across kinds
/// (``appendOrder(_:alias:usesDistance:)``), its number and its text: the merge orders by those and the tie-break —
/// NCMB's order, row for row — over at most `legs × (skip + limit)` keys, and pages. The legs and the merge carry only
/// the row and its sort keys; the page's `limit` rows are read whole by a join afterwards, so a deep page (`skip`)
/// copies and sorts keys, not objects (docs/decisions/0163-sorted-pages-by-keys.md).
extension QueryCompiler {
    /// A page that the legs can serve.
    struct SortedPage {
        /// The ordered field, a plain user field.
        let field: FieldPath
        /// The kind a comparison in the `where` pins the ordered field to, or `nil`: then each orderable kind has a leg.
        let kind: Kind?
        /// Whether the order is descending.
        let isDescending: Bool
        /// The other plain user fields with a top-level equality on a scalar, in field order.
        let equalityFields: [FieldPath]

        /// The kinds of value a scalar leg orders.
        enum Kind: CaseIterable {
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

        /// One leg of the page (see the extension).
        enum Leg: Hashable {
            /// The ordered field holds this kind, every equality field a scalar.
            case scalar(Kind)
            /// The ordered field holds an array (pinned kind).
            case arrays
            /// The ordered field holds no number, string or Date, every equality field a scalar (no pinned kind).
            case others
            /// Some equality field holds an array (and, with a pinned kind, the ordered field does not).
            case equalityArrays
        }

        /// The rank of objects and arrays in NCMB's order across kinds.
        static let arrayRank = 3

        /// The shape of a page, or `nil` when the plain statement must serve it: one order key on a plain user field,
        /// with a top-level comparison of that field with a number, a string or a Date, or an equality on another plain
        /// user field.
        init?(_ parameters: QueryParameters) {
            guard parameters.order.count == 1, let key = parameters.order.first, SortedPage.isPlainUserField(key.field)
            else { return nil }
            var selected: Kind?
            var equalities: Set<FieldPath> = []
            for case .field(let field, let conditions) in parameters.whereQuery.clauses {
                for condition in conditions {
                    if field == key.field {
                        switch condition {
                        case .equalTo(let value), .lessThan(let value), .lessThanOrEqualTo(let value), .greaterThan(let value),
                            .greaterThanOrEqualTo(let value):
                            selected = selected ?? Kind(value)
                        default:
                            continue
                        }
                    } else if case .equalTo(let value) = condition, SortedPage.isPlainUserField(field),
                        IndexValueKind(of: value) != nil
                    {
                        equalities.insert(field)
                    }
                }
            }
            guard selected != nil || !equalities.isEmpty else { return nil }
            self.field = key.field
            self.kind = selected
            self.isDescending = key.isDescending
            self.equalityFields = equalities.sorted()
        }

        /// The legs of the page, in statement order.
        var legs: [Leg] {
            var legs: [Leg] = kind.map { [.scalar($0), .arrays] } ?? Kind.allCases.map(Leg.scalar) + [.others]
            if !equalityFields.isEmpty { legs.append(.equalityArrays) }
            return legs
        }

        /// A user field at the top of the document: not a dotted path, not a column, not the ACL.
        static func isPlainUserField(_ field: FieldPath) -> Bool {
            !field.isDotted && ![FieldName.objectId, .createDate, .updateDate, .acl].contains(field.root)
        }
    }

    /// The value expression of `kind` at `reference`: what an index of the kind holds (``IndexStatements``), `NULL` for
    /// a value of another kind.
    func sortValue(_ kind: SortedPage.Kind, _ reference: SQLJSONReference) -> String {
        switch kind {
        case .number: dialect.numberValue(reference)
        case .string: dialect.textValue(reference)
        case .date: dialect.textValue(reference.appending(.iso))
        }
    }

    /// Appends the page statement of `page`: the limited legs of row ids and sort keys, the outer merge that pages
    /// them, and the join back to the page's rows (see the extension).
    mutating func appendSortedPage(_ page: SortedPage, className: ClassName, parameters: QueryParameters) {
        let direction = page.isDescending ? "DESC" : "ASC"
        let legLimit = statement.parameter(.integer(Int64(parameters.effectiveSkip + parameters.effectiveLimit)))
        statement.append("SELECT \(QueryCompiler.selectedColumns(alias: "o")) FROM (SELECT * FROM (")
        for (position, leg) in page.legs.enumerated() {
            statement.append(position == 0 ? "SELECT * FROM (" : " UNION ALL SELECT * FROM (")
            appendLeg(leg, of: page, className: className, parameters: parameters)
            statement.append(dialect.limitClause(limit: legLimit, offset: nil))
            statement.append(") kumo_leg\(position)")
        }
        let merge =
            "p.kumo_rank \(direction), p.kumo_number \(direction), p.kumo_text \(direction), p.kumo_created DESC, p.kumo_row DESC"
        statement.append(") p ORDER BY \(merge)")
        let limit = statement.parameter(.integer(Int64(parameters.effectiveLimit)))
        let offset = parameters.effectiveSkip > 0 ? statement.parameter(.integer(Int64(parameters.effectiveSkip))) : nil
        statement.append(dialect.limitClause(limit: limit, offset: offset))
        // The join back: only the page's rows are read whole, in the merge's order.
        statement.append(") p JOIN objects o ON o.\(ObjectColumn.rowId) = p.kumo_row ORDER BY \(merge)")
    }

    /// The tie-break of NCMB's order over the rows of `alias`: `createDate` then the row, newest first.
    static func tieBreak(alias: String) -> String { "\(alias).create_date DESC, \(alias).row_id DESC" }

    /// Appends `SELECT row, created, rank, number, text FROM objects o WHERE filter AND leg ORDER BY …` for one leg:
    /// only what orders the leg, so that a deep page (`skip`) copies and merges keys, not whole rows.
    private mutating func appendLeg(_ leg: SortedPage.Leg, of page: SortedPage, className: ClassName, parameters: QueryParameters) {
        let target = jsonTarget(page.field, alias: "o")
        let value = target.direct
        var starts = Set(page.equalityFields.map { jsonTarget($0, alias: "o").start })
        var conditions: [String] = []
        var keys = sortExpressions(value)
        var order: String?
        switch leg {
        case .scalar(let kind):
            let sorted = sortValue(kind, value)
            keys = [
                "\(kind.rank)", kind == .number ? sorted : "CAST(NULL AS NUMERIC)", kind == .number ? "CAST(NULL AS TEXT)" : sorted,
            ]
            starts.insert(target.start)
            if page.kind == nil {
                for other in SortedPage.Kind.allCases {
                    conditions.append("\(sortValue(other, value)) IS \(other == kind ? "NOT NULL" : "NULL")")
                }
                if kind == .date { conditions.append(isDate(value)) }
            }
            let direction = page.isDescending ? "DESC" : "ASC"
            order = "\(sorted) \(direction), \(QueryCompiler.tieBreak(alias: "o"))"
        case .arrays:
            // Every object holding an array in the field, whatever the equality fields hold: compiled whole, the
            // equalities are no index prefix, so the planner finds these objects by the field's array companion
            // rather than walking every object of the equality.
            starts = []
            keys = ["\(SortedPage.arrayRank)", "CAST(NULL AS NUMERIC)", dialect.jsonText(value)]
            conditions.append(QueryCompiler.arrayGuard(target, expandsArrays: true, dialect: dialect))
        case .others:
            conditions.append("\(sortValue(.number, value)) IS NULL")
            conditions.append("\(sortValue(.string, value)) IS NULL")
            conditions.append("NOT COALESCE(\(isDate(value)), \(dialect.literal(false)))")
        case .equalityArrays:
            starts = []
            let guards = page.equalityFields.map {
                QueryCompiler.arrayGuard(jsonTarget($0, alias: "o"), expandsArrays: true, dialect: dialect)
            }
            conditions.append("(" + guards.joined(separator: " OR ") + ")")
            // With a pinned kind, objects holding an array in the ordered field are the array leg's.
            if page.kind != nil {
                let arrays = QueryCompiler.arrayGuard(target, expandsArrays: true, dialect: dialect)
                conditions.append("NOT COALESCE(\(arrays), \(dialect.literal(false)))")
            }
        }
        statement.append("SELECT o.\(ObjectColumn.rowId) AS kumo_row, o.\(ObjectColumn.createDate) AS kumo_created,")
        statement.append(" \(keys[0]) AS kumo_rank, \(keys[1]) AS kumo_number, \(keys[2]) AS kumo_text FROM objects o WHERE ")
        scalarStarts = starts
        appendFilter(alias: "o", className: className, whereQuery: parameters.whereQuery, isTopLevel: true)
        scalarStarts = []
        for condition in conditions { statement.append(" AND \(condition)") }
        if let order {
            statement.append(" ORDER BY \(order)")
        } else {
            appendOrder(parameters.order, alias: "o", usesDistance: false)
        }
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
