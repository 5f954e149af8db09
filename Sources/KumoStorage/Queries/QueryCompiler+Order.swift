import NCMBWire

/// `order` (docs/wire/endpoints/queries.md, docs/decisions/0002-default-order.md).
///
/// - Keys apply in order; `-` means descending. `objectId`, `createDate` and `updateDate` sort by their columns.
/// - A dotted path (`hash.n`) sorts by the value at the literal path, as a field does (an array on the way leaves it
///   missing; docs/decisions/0104-dotted-paths.md).
/// - A user field sorts by type first, then by value, so mixed fields order the same on every engine: missing or null,
///   numbers (numerically), strings (by code point), objects and arrays (by canonical JSON text), `false`, `true`,
///   then Dates (by their `iso` text, which is chronological). Descending reverses the whole key.
/// - Ties are always broken by `createDate` descending, then by row, newest first, so pages are stable.
/// - With no `order`, a top-level `$nearSphere` orders by distance (nearest first); otherwise `createDate` descending.
extension QueryCompiler {
    /// Appends ` ORDER BY …` for the rows of `alias`.
    mutating func appendOrder(_ keys: [SortKey], alias: String, usesDistance: Bool) {
        var terms: [String] = []
        var orderedColumns: Set<String> = []
        if keys.isEmpty, usesDistance, let nearSphereDistance {
            terms.append("\(nearSphereDistance) ASC")
        }
        for key in keys {
            let direction = key.isDescending ? "DESC" : "ASC"
            switch target(of: key.field, alias: alias) {
            case .text(let column), .date(let column):
                terms.append("\(column) \(direction)")
                orderedColumns.insert(column)
            case .json(let target):
                terms += sortExpressions(target.direct).map { "\($0) \(direction)" }
            }
        }
        // A tie-break on a column that is already a key changes nothing, but SQLite's planner then no longer sees that
        // `order=-createDate` is the order of the `objects_by_create_date` index and sorts the whole class instead.
        let createDate = "\(alias).create_date"
        if !orderedColumns.contains(createDate) { terms.append("\(createDate) DESC") }
        terms.append("\(alias).row_id DESC")
        statement.append(" ORDER BY " + terms.joined(separator: ", "))
    }

    /// The rank, number and text expressions that order one JSON value (see the extension's documentation).
    func sortExpressions(_ reference: SQLJSONReference) -> [String] {
        let isNumber = dialect.isKind(.number, reference)
        let isString = dialect.isKind(.string, reference)
        let isDate = isDate(reference)
        let isComposite = "(\(dialect.isKind(.object, reference)) OR \(dialect.isKind(.array, reference)))"
        let rank =
            "CASE WHEN \(isNumber) THEN 1 WHEN \(isString) THEN 2 WHEN \(isDate) THEN 6"
            + " WHEN \(isComposite) THEN 3 WHEN \(dialect.isKind(.false, reference)) THEN 4"
            + " WHEN \(dialect.isKind(.true, reference)) THEN 5 ELSE 0 END"
        let number = "CASE WHEN \(isNumber) THEN \(dialect.numberValue(reference)) END"
        let text =
            "CASE WHEN \(isString) THEN \(dialect.textValue(reference))"
            + " WHEN \(isDate) THEN \(dialect.textValue(reference.appending(.iso)))"
            + " WHEN \(isComposite) THEN \(dialect.jsonText(reference)) END"
        return [rank, number, text]
    }
}
