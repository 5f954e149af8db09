import KumoStorage
import NCMBWire

/// A dialect with readable, engine-free spellings, so compiler tests can assert on the SQL shape.
struct RecordingDialect: SQLDialect {
    /// What placeholders start with: `$` as in PostgreSQL, or `?` as in SQLite.
    var placeholderPrefix = "$"

    func placeholder(index: Int) -> String { "\(placeholderPrefix)\(index)" }
    func literal(_ value: Bool) -> String { value ? "TRUE" : "FALSE" }
    func isKind(_ kind: SQLJSONKind, _ reference: SQLJSONReference) -> String { "is_\(kind)(\(render(reference)))" }
    func exists(_ reference: SQLJSONReference) -> String { "exists(\(render(reference)))" }
    func numberValue(_ reference: SQLJSONReference) -> String { "number(\(render(reference)))" }
    func textValue(_ reference: SQLJSONReference) -> String { "text(\(render(reference)))" }
    func booleanValue(_ reference: SQLJSONReference) -> String { "boolean(\(render(reference)))" }
    func jsonText(_ reference: SQLJSONReference) -> String { "json(\(render(reference)))" }
    func canonicalJSON(_ placeholder: String) -> String { "json(\(placeholder))" }
    func arrayElements(of reference: SQLJSONReference, alias: String) -> String { "elements(\(render(reference))) \(alias)" }
    func objectMembers(of column: String, alias: String) -> String { "members(\(column)) \(alias)" }
    func objectsOrElements(of reference: SQLJSONReference, alias: String) -> String { "objects(\(render(reference))) \(alias)" }
    func member(of reference: SQLJSONReference, index: Int, alias: String) -> (source: String, condition: String?) {
        ("members(\(render(reference))) \(alias)", "\(alias).key = \(index)")
    }
    func jsonText(ofText text: String) -> String { "json_string(\(text))" }
    func regexMatch(subject: String, pattern: String) -> String { "regexp(\(pattern), \(subject))" }
    func greatCircleDistance(latitude: String, longitude: String, toLatitude: String, toLongitude: String) -> String {
        "distance(\(latitude), \(longitude), \(toLatitude), \(toLongitude))"
    }
    func limitClause(limit: String?, offset: String?) -> String {
        (limit.map { " LIMIT \($0)" } ?? "") + (offset.map { " OFFSET \($0)" } ?? "")
    }
    func concatenate(_ left: String, _ right: String) -> String { "\(left) || \(right)" }
    func jsonParameter(_ placeholder: String) -> String { "json(\(placeholder))" }
    func jsonColumnText(_ column: String) -> String { "text(\(column))" }
    func columnType(_ type: SQLColumnType) -> String { "\(type)" }
    func rowLock(alias: String, skippingLocked: Bool) -> String { " LOCK \(alias)" + (skippingLocked ? " SKIP" : "") }
    func sharedRowLock(alias: String) -> String { " SHARE \(alias)" }
    var applicationCreationOrder: String { "position" }
    func validateStorable(_ fields: JSONObject) throws(StorageError) {}
    func createIndex(name: String, expressions: [String], descendingLast: Bool, carried: [String]) -> String {
        "INDEX \(name) (\((["class_id"] + expressions).joined(separator: ", "))\(descendingLast ? " DESC" : ""))"
            + (carried.isEmpty ? "" : " CARRYING (\(carried.joined(separator: ", ")))")
    }
    func createPartialIndex(name: String, predicate: String) -> String { "INDEX \(name) (class_id) WHERE \(predicate)" }
    func dropIndex(name: String) -> String { "DROP \(name)" }
    var buildsIndexesOutsideTransactions: Bool { false }
    var analyzeObjects: String? { nil }
    var guardsValueKinds: Bool { false }
    func explain(_ sql: String) -> (sql: String, column: String) { ("EXPLAIN " + sql, "plan") }

    private func render(_ reference: SQLJSONReference) -> String {
        let base =
            switch reference.base {
            case .column(let column): column
            case .element(let alias): alias
            }
        return ([base] + reference.path.map(\.text)).joined(separator: ":")
    }
}
