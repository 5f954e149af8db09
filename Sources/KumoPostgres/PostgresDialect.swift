import KumoStorage
import NCMBWire

/// PostgreSQL's spelling of the compiler's building blocks, with the semantics of `SQLiteDialect`.
///
/// User fields and ACLs are `json` columns (not `jsonb`): `json` keeps the text exactly as written, so objects come back
/// with their keys in stored order and composite values compare by their canonical text, as on SQLite.
///
/// - Paths are literal (`o.fields #> '{points}'`, `-> 0` for a position): their keys are validated field names, path
///   segments or typed-value keys.
/// - Every value expression is total: a cast or an array iteration is guarded by a `CASE` on `json_typeof`, because
///   PostgreSQL does not promise to evaluate `isKind(…) AND value…` left to right.
/// - Text compares and sorts with `COLLATE "C"` (code points), as SQLite's `BINARY`; regular expressions use the
///   database's default collation so that `\w` and classes cover non-ASCII letters.
/// - `kumo_regex_match` and `kumo_distance` are created by the first migration.
struct PostgresDialect: SQLDialect {
    func placeholder(index: Int) -> String { "$\(index)" }

    func literal(_ value: Bool) -> String { value ? "TRUE" : "FALSE" }

    func isKind(_ kind: SQLJSONKind, _ reference: SQLJSONReference) -> String {
        let type = "json_typeof(\(json(reference)))"
        return switch kind {
        case .null: "\(type) = 'null'"
        case .boolean: "\(type) = 'boolean'"
        case .true: "(\(json(reference)))::text = 'true'"
        case .false: "(\(json(reference)))::text = 'false'"
        case .number: "\(type) = 'number'"
        case .string: "\(type) = 'string'"
        case .array: "\(type) = 'array'"
        case .object: "\(type) = 'object'"
        }
    }

    func exists(_ reference: SQLJSONReference) -> String { "(\(json(reference))) IS NOT NULL" }

    func numberValue(_ reference: SQLJSONReference) -> String {
        "(CASE WHEN json_typeof(\(json(reference))) = 'number' THEN (\(text(reference)))::numeric END)"
    }

    /// Every value expression is `NULL` for another kind, so comparisons go without a separate `json_typeof` test, whose
    /// guessed selectivity (0.5 %) would make the planner sort a whole class instead of walking the `createDate` index.
    var guardsValueKinds: Bool { true }

    func textValue(_ reference: SQLJSONReference) -> String {
        "(CASE WHEN json_typeof(\(json(reference))) = 'string' THEN \(text(reference)) END COLLATE \"C\")"
    }

    func booleanValue(_ reference: SQLJSONReference) -> String {
        "(CASE WHEN json_typeof(\(json(reference))) = 'boolean' THEN (\(text(reference)))::boolean END)"
    }

    func jsonText(_ reference: SQLJSONReference) -> String { "((\(json(reference)))::text COLLATE \"C\")" }

    func canonicalJSON(_ placeholder: String) -> String { placeholder }

    func arrayElements(of reference: SQLJSONReference, alias: String) -> String {
        let array = json(reference)
        return "json_array_elements(CASE WHEN json_typeof(\(array)) = 'array' THEN \(array) END) AS \(alias)(value)"
    }

    func objectMembers(of column: String, alias: String) -> String {
        "json_each(CASE WHEN json_typeof(\(column)) = 'object' THEN \(column) END) AS \(alias)(key, value)"
    }

    /// `json_array_elements` over the array itself, or over a one-element array made of the object.
    func objectsOrElements(of reference: SQLJSONReference, alias: String) -> String {
        let value = json(reference)
        return "json_array_elements(CASE json_typeof(\(value)) WHEN 'array' THEN \(value) WHEN 'object' THEN json_build_array(\(value))"
            + " END) AS \(alias)(value)"
    }

    /// `#> '{n}'` reads an array's position and an object's key of those digits alike; the one value is wrapped in an
    /// array to iterate, and a missing one in nothing.
    func member(of reference: SQLJSONReference, index: Int, alias: String) -> (source: String, condition: String?) {
        let value = "(\(json(reference)) #> '{\(index)}')"
        return ("json_array_elements(CASE WHEN \(value) IS NOT NULL THEN json_build_array(\(value)) END) AS \(alias)(value)", nil)
    }

    func jsonText(ofText text: String) -> String { "to_json(\(text))" }

    func regexMatch(subject: String, pattern: String) -> String {
        "kumo_regex_match(\(subject) COLLATE \"default\", \(pattern))"
    }

    func greatCircleDistance(latitude: String, longitude: String, toLatitude: String, toLongitude: String) -> String {
        "kumo_distance(\(latitude), \(longitude), \(toLatitude), \(toLongitude))"
    }

    func limitClause(limit: String?, offset: String?) -> String {
        switch (limit, offset) {
        case (nil, nil): ""
        case (let limit?, nil): " LIMIT \(limit)"
        case (let limit?, let offset?): " LIMIT \(limit) OFFSET \(offset)"
        case (nil, let offset?): " OFFSET \(offset)"
        }
    }

    func concatenate(_ left: String, _ right: String) -> String { "(\(left) || \(right))" }

    // MARK: Storing

    /// JSON columns are `json`: the bound text is cast, which validates it and keeps it as written.
    func jsonParameter(_ placeholder: String) -> String { "\(placeholder)::json" }

    /// `json` has no equality operator; its text does.
    func jsonColumnText(_ column: String) -> String { "\(column)::text" }

    func columnType(_ type: SQLColumnType) -> String {
        switch type {
        case .text: "TEXT"
        case .integer: "BIGINT"
        case .real: "DOUBLE PRECISION"
        }
    }

    /// `FOR UPDATE OF alias`, so that concurrent writers of one row take turns
    /// (docs/architecture.md#postgresql-engine-kumopostgres); with `SKIP LOCKED` for claims, which take other rows
    /// instead of waiting.
    func rowLock(alias: String, skippingLocked: Bool) -> String {
        " FOR UPDATE OF \(alias)" + (skippingLocked ? " SKIP LOCKED" : "")
    }

    /// `FOR KEY SHARE OF alias`: the lock a foreign key check takes, which only `FOR UPDATE` waits for.
    func sharedRowLock(alias: String) -> String { " FOR KEY SHARE OF \(alias)" }

    /// The `bigserial` column `position`, which grows with every insert.
    var applicationCreationOrder: String { "position" }

    /// Refuses fields holding U+0000 in a string or a key (E400005 naming the field).
    ///
    /// PostgreSQL's JSON functions cannot turn `\u0000` into text, and one such document would make every query over
    /// its class fail; SQLite has no such limit, so this is the one input the engines treat differently.
    func validateStorable(_ fields: JSONObject) throws(StorageError) {
        for (name, value) in fields where name.unicodeScalars.contains("\u{0}") || value.containsNullCharacter {
            throw StorageError.invalid(APIError(.invalidValue, name))
        }
    }

    // MARK: Indexes on user fields

    /// `CREATE INDEX CONCURRENTLY`: writes go on while the index is built. The default order and `public_read` ride
    /// along, as on SQLite, so an equality page needs no sort and an anonymous count can be an index-only scan.
    /// `carried` is left out: PostgreSQL reads the row behind an expression index's entry anyway.
    func createIndex(name: String, expressions: [String], descendingLast: Bool, carried: [String]) -> String {
        var keys = expressions.map { "(\($0))" }
        if descendingLast { keys[keys.count - 1] += " DESC" }
        let columns = (["class_id"] + keys + ["create_date DESC", "row_id DESC"]).joined(separator: ", ")
        return "CREATE INDEX CONCURRENTLY IF NOT EXISTS \(name) ON objects (\(columns)) INCLUDE (public_read)"
            + " WHERE (\(expressions[0])) IS NOT NULL"
    }

    func createPartialIndex(name: String, predicate: String) -> String {
        "CREATE INDEX CONCURRENTLY IF NOT EXISTS \(name) ON objects (class_id) WHERE (\(predicate))"
    }

    func dropIndex(name: String) -> String { "DROP INDEX CONCURRENTLY IF EXISTS \(name)" }

    var buildsIndexesOutsideTransactions: Bool { true }

    /// An expression index has no statistics until `ANALYZE`; without them PostgreSQL guesses its selectivity.
    var analyzeObjects: String? { "ANALYZE objects" }

    func explain(_ sql: String) -> (sql: String, column: String) { ("EXPLAIN " + sql, "QUERY PLAN") }

    // MARK: Rendering references

    /// The `json` value at the reference (SQL `NULL` when the path does not lead to a value).
    ///
    /// Keys go into `#>` paths; a position is `-> n`, which reads an array's element and nothing in an object, as
    /// SQLite's `[n]` does (an object's key of those digits is found by the compiler's walk,
    /// docs/decisions/0104-dotted-paths.md).
    private func json(_ reference: SQLJSONReference) -> String {
        var value = base(reference)
        var names: [String] = []
        for key in reference.path {
            switch key {
            case .name(let name):
                names.append(name)
            case .index(let index):
                value = PostgresDialect.following(value, names)
                names = []
                value = "(\(value) -> \(index))"
            }
        }
        return PostgresDialect.following(value, names)
    }

    /// The value at the reference as text: a string unescaped, anything else its JSON text.
    private func text(_ reference: SQLJSONReference) -> String {
        let hasPosition = reference.path.contains { if case .index = $0 { true } else { false } }
        guard hasPosition else { return "(\(base(reference)) #>> \(pathLiteral(reference)))" }
        return "(\(json(reference)) #>> '{}')"
    }

    /// `value #> '{key1,key2}'`, or `value` itself when there are no keys.
    private static func following(_ value: String, _ names: [String]) -> String {
        names.isEmpty ? value : "(\(value) #> '{\(names.joined(separator: ","))}')"
    }

    private func base(_ reference: SQLJSONReference) -> String {
        switch reference.base {
        case .column(let column): column
        case .element(let alias): "\(alias).value"
        }
    }

    /// `'{key1,key2}'` for a path of keys: they are validated names (letters, digits, `_`), so they need no quoting.
    private func pathLiteral(_ reference: SQLJSONReference) -> String {
        "'{" + reference.path.map(\.text).joined(separator: ",") + "}'"
    }
}

extension JSONValue {
    /// Whether a string or an object key anywhere in the value holds U+0000.
    fileprivate var containsNullCharacter: Bool {
        switch self {
        case .string(let text): text.unicodeScalars.contains("\u{0}")
        case .array(let elements): elements.contains { $0.containsNullCharacter }
        case .object(let object): object.contains { $0.key.unicodeScalars.contains("\u{0}") || $0.value.containsNullCharacter }
        default: false
        }
    }
}
