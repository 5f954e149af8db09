import KumoMemberwise
package import NCMBWire

/// What the index advisor remembers of a slow find: which user fields it filtered on and how, never the values
/// (docs/decisions/0075-index-advisor.md).
///
/// Only top-level conditions count (a field inside `$or` cannot use an index on its own); a dotted path (`hash.n`) counts
/// as a field does; `objectId`, `createDate` and `updateDate` are columns with their own indexes and never appear, nor
/// does a path below them or the ACL.
package struct QueryShape: Sendable, Hashable {
    /// The owning application.
    package var applicationId: String
    /// The class queried.
    package var className: ClassName
    /// Fields compared for equality (`$eq`, `$in` of one kind), by name.
    package var equalityFields: [IndexedField]
    /// Fields compared by range (`$lt`, `$lte`, `$gt`, `$gte`), by name.
    package var rangeFields: [IndexedField]
    /// Whether the find asked for `count=1`.
    package var counts: Bool
    /// The field the find is ordered by (one order key on a plain user field) with its kind, which an index must hold
    /// last to serve the sorted page: a range field, or the field of ``unkindedOrderField`` once the advisor read its
    /// kind from the data (docs/decisions/0141-sorted-pages-on-indexes.md, docs/decisions/0168-sorted-pages-after-equalities.md).
    package var orderedField: IndexedField?
    /// The field the find is ordered by when the `where` does not compare it but holds an equality on another field:
    /// the request does not tell its kind, so ``IndexAdvisor`` reads the kind most objects hold and sets
    /// ``orderedField``.
    package var unkindedOrderField: FieldPath?

    /// The shape of a find, or `nil` when no user field of it could use an index.
    package init?(_ request: FindRequest) {
        var equality: [FieldPath: IndexValueKind] = [:]
        var range: [FieldPath: IndexValueKind] = [:]
        for case .field(let field, let conditions) in request.parameters.whereQuery.clauses where !QueryShape.isColumn(field) {
            for condition in conditions {
                switch condition {
                case .equalTo(let value):
                    if let kind = IndexValueKind(of: value) { equality[field] = kind }
                case .containedIn(let values):
                    let kinds = Set(values.compactMap(IndexValueKind.init(of:)))
                    if kinds.count == 1, let kind = kinds.first { equality[field] = kind }
                case .lessThan(let value), .lessThanOrEqualTo(let value), .greaterThan(let value),
                    .greaterThanOrEqualTo(let value):
                    if let kind = IndexValueKind(of: value), kind != .pointer, kind != .boolean { range[field] = kind }
                default:
                    continue
                }
            }
        }
        for field in equality.keys { range[field] = nil }
        guard !equality.isEmpty || !range.isEmpty else { return nil }
        self.applicationId = request.applicationId
        self.className = request.className
        self.equalityFields = equality.map { IndexedField($0.key, $0.value) }.sorted { $0.field < $1.field }
        self.rangeFields = range.map { IndexedField($0.key, $0.value) }.sorted { $0.field < $1.field }
        self.counts = request.parameters.includesCount
        let order = request.parameters.order
        guard order.count == 1, !QueryShape.isColumn(order[0].field), !order[0].field.isDotted else { return }
        let ordered = order[0].field
        self.orderedField = self.rangeFields.first { $0.field == ordered && $0.kind.isOrderable }
        let compared = (self.equalityFields + self.rangeFields).contains { $0.field == ordered }
        if !compared, !self.equalityFields.isEmpty { self.unkindedOrderField = ordered }
    }

    /// The stable text the advisor keys shapes by: `eq(category:string) range(score:number) count`.
    package var key: String {
        var parts: [String] = []
        if !equalityFields.isEmpty { parts.append("eq(" + equalityFields.map(\.description).joined(separator: ",") + ")") }
        if !rangeFields.isEmpty { parts.append("range(" + rangeFields.map(\.description).joined(separator: ",") + ")") }
        if let orderedField { parts.append("order(\(orderedField.description))") }
        if counts { parts.append("count") }
        return parts.joined(separator: " ")
    }

    /// The index that serves this shape: its equality fields, then its ordered field (kept last) or else its first range
    /// field, at most ``ClassIndex/maximumFieldCount`` fields.
    package var suggestedFields: [IndexedField] {
        guard let orderedField else { return Array((equalityFields + rangeFields.prefix(1)).prefix(ClassIndex.maximumFieldCount)) }
        return Array(equalityFields.prefix(ClassIndex.maximumFieldCount - 1)) + [orderedField]
    }

    private static func isColumn(_ field: FieldPath) -> Bool {
        [FieldName.objectId, .createDate, .updateDate, .acl].contains(field.root)
    }
}

/// The advisor's record of one shape, summed over every slow run an instance reported.
@PackageMemberwiseInit
package struct QueryShapeRecord: Sendable, Hashable {
    /// The application.
    package var applicationId: String
    /// The class.
    package var className: ClassName
    /// ``QueryShape/key``.
    package var shape: String
    /// ``QueryShape/suggestedFields``.
    package var suggestion: [IndexedField]
    /// Slow runs recorded.
    package var runs: Int
    /// Their summed duration, in milliseconds.
    package var totalMilliseconds: Double
    /// The slowest, in milliseconds.
    package var maximumMilliseconds: Double
    /// When the last one was recorded.
    package var lastSeen: WireDate

    /// The indexed fields of `text` as stored (`score:number,name:string`), or `nil` when a part does not parse.
    package static func fields(parsing text: String) -> [IndexedField]? {
        var fields: [IndexedField] = []
        for part in text.split(separator: ",") {
            let pieces = part.split(separator: ":")
            guard pieces.count == 2, let field = FieldPath(String(pieces[0])), let kind = IndexValueKind(rawValue: String(pieces[1]))
            else { return nil }
            fields.append(IndexedField(field, kind))
        }
        return fields
    }

    /// `score:number,name:string`, as stored.
    package static func text(of fields: [IndexedField]) -> String { fields.map(\.description).joined(separator: ",") }
}
