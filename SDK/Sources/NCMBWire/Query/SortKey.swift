/// One key of an `order` parameter: `points` (ascending) or `-points` (descending) (docs/wire/endpoints/queries.md).
package struct SortKey: Sendable, Hashable {
    /// The field or dotted path sorted on; `createDate`, `updateDate` and `objectId` sort by their columns.
    package var field: FieldPath
    /// Whether the order is descending (`-` prefix).
    package var isDescending: Bool

    /// Creates a key.
    package init(field: FieldPath, isDescending: Bool = false) {
        self.field = field
        self.isDescending = isDescending
    }

    /// Creates a key on a plain field.
    package init(field: FieldName, isDescending: Bool = false) {
        self.init(field: FieldPath(field), isDescending: isDescending)
    }

    /// The default order when a request has none: `createDate` descending (docs/decisions/0002-default-order.md).
    package static let defaultOrder = [SortKey(field: .createDate, isDescending: true)]
}
