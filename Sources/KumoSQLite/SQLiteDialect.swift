import KumoStorage
import NCMBWire

/// SQLite's spelling of the compiler's building blocks: JSON1 functions, `?NNN` placeholders and the custom functions
/// of ``SQLiteFunctions``.
///
/// JSON paths are written as literals (`'$.points'`): their keys are validated field names or typed-value keys, which
/// contain no quote. Inside a `json_each` iteration, scalars are read from the element's `type` and `value` columns,
/// and keys below an element only from object elements (a `CASE` keeps `json_extract` away from scalars).
struct SQLiteDialect: SQLDialect {
    func placeholder(index: Int) -> String { "?\(index)" }

    func literal(_ value: Bool) -> String { value ? "TRUE" : "FALSE" }

    func isKind(_ kind: SQLJSONKind, _ reference: SQLJSONReference) -> String {
        let type = typeExpression(reference)
        return switch kind {
        case .null: "\(type) = 'null'"
        case .boolean: "\(type) IN ('true', 'false')"
        case .true: "\(type) = 'true'"
        case .false: "\(type) = 'false'"
        case .number: "\(type) IN ('integer', 'real')"
        case .string: "\(type) = 'text'"
        case .array: "\(type) = 'array'"
        case .object: "\(type) = 'object'"
        }
    }

    /// Value expressions are `CASE` expressions that are `NULL` for other kinds, so comparisons need no separate guard
    /// and an index on a value expression answers a comparison (and, with `public_read` in it, a count) by itself.
    var guardsValueKinds: Bool { true }

    func exists(_ reference: SQLJSONReference) -> String { "\(typeExpression(reference)) IS NOT NULL" }

    func numberValue(_ reference: SQLJSONReference) -> String { guarded(reference, types: "'integer', 'real'") }

    func textValue(_ reference: SQLJSONReference) -> String { guarded(reference, types: "'text'") }

    func booleanValue(_ reference: SQLJSONReference) -> String { guarded(reference, types: "'true', 'false'") }

    /// The value at `reference` when its JSON type is one of `types`, else `NULL`.
    private func guarded(_ reference: SQLJSONReference, types: String) -> String {
        "(CASE WHEN \(typeExpression(reference)) IN (\(types)) THEN \(valueExpression(reference)) END)"
    }

    func jsonText(_ reference: SQLJSONReference) -> String { valueExpression(reference) }

    func canonicalJSON(_ placeholder: String) -> String { "json(\(placeholder))" }

    func arrayElements(of reference: SQLJSONReference, alias: String) -> String {
        let (document, path) = documentAndPath(reference)
        return "json_each(\(document), \(path)) AS \(alias)"
    }

    func objectMembers(of column: String, alias: String) -> String { "json_each(\(column)) AS \(alias)" }
    /// `json_each` over the array itself, or over a one-element array made of the object.
    func objectsOrElements(of reference: SQLJSONReference, alias: String) -> String {
        let value = valueExpression(reference)
        return "json_each(CASE \(typeExpression(reference)) WHEN 'array' THEN \(value) WHEN 'object' THEN json_array(json(\(value))) END)"
            + " AS \(alias)"
    }

    /// `json_each` over the array or object, keeping the row whose key is the position (an integer in arrays) or those
    /// digits (a text key in objects); a scalar's one row has no key.
    func member(of reference: SQLJSONReference, index: Int, alias: String) -> (source: String, condition: String?) {
        let (document, path) = documentAndPath(reference)
        return ("json_each(\(document), \(path)) AS \(alias)", "\(alias).key IN (\(index), '\(index)')")
    }

    func jsonText(ofText text: String) -> String { "json_quote(\(text))" }

    func regexMatch(subject: String, pattern: String) -> String { "\(SQLiteFunctions.regexpName)(\(pattern), \(subject))" }

    func greatCircleDistance(latitude: String, longitude: String, toLatitude: String, toLongitude: String) -> String {
        "\(SQLiteFunctions.distanceName)(\(latitude), \(longitude), \(toLatitude), \(toLongitude))"
    }

    /// `LIMIT`/`OFFSET` with their placeholders wrapped in `CAST(… AS INTEGER)`.
    ///
    /// A bare placeholder makes SQLite read the bound value while planning and mark the prepared statement to be
    /// compiled again whenever that placeholder is bound, which defeats the statement cache of ``SQLiteHandle`` (every
    /// find would be parsed and planned twice). The cast hides the value from the planner; the plan does not depend on it.
    func limitClause(limit: String?, offset: String?) -> String {
        switch (limit.map(integer), offset.map(integer)) {
        case (nil, nil): ""
        case (let limit?, nil): " LIMIT \(limit)"
        case (let limit?, let offset?): " LIMIT \(limit) OFFSET \(offset)"
        case (nil, let offset?): " LIMIT -1 OFFSET \(offset)"
        }
    }

    private func integer(_ placeholder: String) -> String { "CAST(\(placeholder) AS INTEGER)" }

    func concatenate(_ left: String, _ right: String) -> String { "(\(left) || \(right))" }

    // MARK: Storing

    /// JSON columns are `TEXT`: the bound text is stored as written.
    func jsonParameter(_ placeholder: String) -> String { placeholder }

    func jsonColumnText(_ column: String) -> String { column }

    func columnType(_ type: SQLColumnType) -> String {
        switch type {
        case .text: "TEXT"
        case .integer: "INTEGER"
        case .real: "REAL"
        }
    }

    /// Nothing to lock: the single writer runs one unit at a time.
    func rowLock(alias: String, skippingLocked: Bool) -> String { "" }

    /// Nothing to lock: the single writer runs one unit at a time.
    func sharedRowLock(alias: String) -> String { "" }

    /// The implicit `rowid`, which grows with every insert.
    var applicationCreationOrder: String { "rowid" }

    /// SQLite stores any JSON text.
    func validateStorable(_ fields: JSONObject) throws(StorageError) {}

    // MARK: Indexes on user fields

    /// The index also holds the default order and `public_read`: a page with equalities on every indexed field comes
    /// out newest first without a sort, and an anonymous count never reads a row. The `carried` expressions follow, so
    /// that a sorted page's leg tests them from the index without reading the rows it walks.
    func createIndex(name: String, expressions: [String], descendingLast: Bool, carried: [String]) -> String {
        let keys = descendingLast ? expressions.dropLast() + [expressions[expressions.count - 1] + " DESC"] : expressions
        let columns = (["class_id"] + keys + ["create_date DESC", "row_id DESC", "public_read"] + carried).joined(separator: ", ")
        return "CREATE INDEX IF NOT EXISTS \(name) ON objects (\(columns)) WHERE \(expressions[0]) IS NOT NULL"
    }

    func createPartialIndex(name: String, predicate: String) -> String {
        "CREATE INDEX IF NOT EXISTS \(name) ON objects (class_id) WHERE \(predicate)"
    }

    func dropIndex(name: String) -> String { "DROP INDEX IF EXISTS \(name)" }

    /// `ANALYZE objects`, bounded by the writer's `analysis_limit` (a sample per index, milliseconds even for millions
    /// of rows): without statistics SQLite's planner prefers walking the `createDate` index of a paged query to an
    /// equality on the new index. `PRAGMA optimize` at shutdown keeps them fresh afterwards.
    var analyzeObjects: String? { "ANALYZE objects" }

    /// SQLite builds an index inside the writer's transaction: writes wait for the build.
    var buildsIndexesOutsideTransactions: Bool { false }

    func explain(_ sql: String) -> (sql: String, column: String) { ("EXPLAIN QUERY PLAN " + sql, "detail") }

    // MARK: Rendering references

    /// `json_type(…)`, or the element's `type` column for the element itself.
    private func typeExpression(_ reference: SQLJSONReference) -> String {
        if case .element(let alias) = reference.base, reference.path.isEmpty { return "\(alias).type" }
        let (document, path) = documentAndPath(reference)
        return "json_type(\(document), \(path))"
    }

    /// `json_extract(…)`, or the element's `value` column for the element itself.
    private func valueExpression(_ reference: SQLJSONReference) -> String {
        if case .element(let alias) = reference.base, reference.path.isEmpty { return "\(alias).value" }
        let (document, path) = documentAndPath(reference)
        return "json_extract(\(document), \(path))"
    }

    /// `.key` for a key, `[n]` for an array position (which finds nothing in an object: a path through an object key
    /// of digits is found by the compiler's walk, docs/decisions/0104-dotted-paths.md).
    private static func pathStep(_ key: FieldPath.Key) -> String {
        switch key {
        case .name(let name): ".\(name)"
        case .index(let index): "[\(index)]"
        }
    }

    /// The JSON document expression and the literal JSON path of a reference.
    private func documentAndPath(_ reference: SQLJSONReference) -> (document: String, path: String) {
        let path = "'$" + reference.path.map(SQLiteDialect.pathStep).joined() + "'"
        switch reference.base {
        case .column(let column):
            return (column, path)
        case .element(let alias):
            return ("CASE WHEN \(alias).type IN ('object', 'array') THEN \(alias).value END", path)
        }
    }
}
