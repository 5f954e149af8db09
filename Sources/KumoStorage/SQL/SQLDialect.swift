package import NCMBWire

/// The parts of SQL that differ between engines, so that ``QueryCompiler`` and the shared statements
/// (``ObjectStatements``, ``AccountStatements``, ``ApplicationStatements``, ``PushJobStatements``) emit one semantics
/// for all of them.
///
/// Every method returns SQL text built only from its arguments (compiler-owned fragments and placeholders) and from
/// the validated keys of an ``SQLJSONReference``; none of them sees a request value. Expressions that test something
/// (`is…`, ``exists(_:)``) may yield SQL `NULL` when the JSON value is missing; the compiler guards negations with
/// `COALESCE`.
package protocol SQLDialect: Sendable {
    /// The placeholder of the n-th bound value (1-based); it must be reusable by index (`?3` in SQLite, `$3` in PostgreSQL).
    func placeholder(index: Int) -> String

    /// A boolean constant as a condition.
    func literal(_ value: Bool) -> String

    /// True when the value at `reference` exists and has `kind`.
    func isKind(_ kind: SQLJSONKind, _ reference: SQLJSONReference) -> String

    /// True when the key at `reference` is present, even with a JSON `null` value.
    func exists(_ reference: SQLJSONReference) -> String

    /// Whether ``numberValue(_:)``, ``textValue(_:)`` and ``booleanValue(_:)`` are `NULL` for values of any other
    /// kind, so that a comparison needs no ``isKind(_:_:)`` guard in front (the compiler then leaves it out).
    var guardsValueKinds: Bool { get }

    /// The value at `reference` as an SQL number; meaningful only where ``isKind(_:_:)`` says `.number`.
    func numberValue(_ reference: SQLJSONReference) -> String

    /// The value at `reference` as SQL text; meaningful only where ``isKind(_:_:)`` says `.string`.
    func textValue(_ reference: SQLJSONReference) -> String

    /// The value at `reference` as something comparable with a bound ``SQLValue/boolean(_:)``.
    func booleanValue(_ reference: SQLJSONReference) -> String

    /// The canonical JSON text of an array or object at `reference`, comparable with ``canonicalJSON(_:)``.
    func jsonText(_ reference: SQLJSONReference) -> String

    /// The canonical JSON text of bound JSON text (a placeholder), comparable with ``jsonText(_:)``.
    func canonicalJSON(_ placeholder: String) -> String

    /// A `FROM` item iterating the elements of the array at `reference`, named `alias`; its elements are then
    /// addressed with `SQLJSONReference(elementAlias: alias)`.
    func arrayElements(of reference: SQLJSONReference, alias: String) -> String

    /// A `FROM` item iterating the top-level members of the JSON object in `column`, named `alias`: `alias.key` is a
    /// member's name, and its value is addressed with `SQLJSONReference(elementAlias: alias)`.
    func objectMembers(of column: String, alias: String) -> String

    /// A `FROM` item iterating the value at `reference` itself when it is an object, or each element when it is an
    /// array (no rows otherwise), named `alias` and addressed with `SQLJSONReference(elementAlias: alias)`: one step of a
    /// dotted path below a value that may be an array (docs/decisions/0104-dotted-paths.md). Rows that are not objects
    /// may appear; the keys read below them are missing.
    func objectsOrElements(of reference: SQLJSONReference, alias: String) -> String

    /// A `FROM` item whose one row, if any, is the element at position `index` of the array at `reference`, or the
    /// member of the object at `reference` whose key is those digits, named `alias` and addressed with
    /// `SQLJSONReference(elementAlias: alias)`; plus the condition (if any) the statement's `WHERE` must add to keep
    /// only that row.
    func member(of reference: SQLJSONReference, index: Int, alias: String) -> (source: String, condition: String?)

    /// The JSON string of the SQL text expression `text`, as a JSON document that ``SQLJSONReference/init(column:)`` can
    /// address (a Relation member's objectId compared as a path's value).
    func jsonText(ofText text: String) -> String

    /// True when the text expression `subject` matches the regular expression `pattern` (a placeholder).
    func regexMatch(subject: String, pattern: String) -> String

    /// The great-circle distance in radians between two points given as latitude/longitude expressions in degrees.
    func greatCircleDistance(latitude: String, longitude: String, toLatitude: String, toLongitude: String) -> String

    /// The `LIMIT`/`OFFSET` clause (with a leading space) for optional placeholders; empty when both are `nil`.
    func limitClause(limit: String?, offset: String?) -> String

    /// Text concatenation of two expressions.
    func concatenate(_ left: String, _ right: String) -> String

    // MARK: Storing

    /// Bound JSON text (a placeholder) as the value of a JSON column (`fields`, `acl`, `settings`, `permissions`).
    func jsonParameter(_ placeholder: String) -> String

    /// The stored text of a JSON column, comparable with a text value.
    func jsonColumnText(_ column: String) -> String

    /// The engine's name of a column type in a `CREATE TABLE` (``SQLTable``).
    func columnType(_ type: SQLColumnType) -> String

    /// The clause (with a leading space) ending a `SELECT` that locks the selected rows of `alias` until the
    /// transaction ends, skipping rows another transaction holds when `skippingLocked`; empty where one writer
    /// serialises every write anyway.
    func rowLock(alias: String, skippingLocked: Bool) -> String

    /// The clause (with a leading space) ending a `SELECT` that keeps the selected rows of `alias` from being locked by
    /// ``rowLock(alias:skippingLocked:)`` elsewhere until the transaction ends, while other shared holders proceed;
    /// empty where one writer serialises every write anyway.
    func sharedRowLock(alias: String) -> String

    /// The `applications` column that orders applications created in the same millisecond by creation.
    var applicationCreationOrder: String { get }

    /// Refuses fields the engine cannot store.
    ///
    /// - Throws: `StorageError.invalid` naming the offending field.
    func validateStorable(_ fields: JSONObject) throws(StorageError)

    // MARK: Indexes on user fields (docs/decisions/0074-indexes-on-user-fields.md)

    /// The statement creating index `name` on `objects` over `class_id`, `expressions`, then `create_date DESC, row_id
    /// DESC`, holding only rows where the first expression is not `NULL`; with `descendingLast` the last expression is
    /// descending (the companion that serves descending sorted pages, docs/decisions/0141-sorted-pages-on-indexes.md).
    /// Idempotent, and without blocking writes where the engine can build that way. `carried` are expressions the
    /// index also holds after its keys where the engine can answer a search from an index alone, so that the tests a
    /// sorted page's leg makes beside its keys are read from the index (docs/decisions/0176-deep-pages-from-the-index.md).
    func createIndex(name: String, expressions: [String], descendingLast: Bool, carried: [String]) -> String

    /// The statement creating index `name` on `objects (class_id)` over only the rows where `predicate` holds;
    /// idempotent, and without blocking writes where the engine can build that way (the array companion of an index,
    /// docs/decisions/0105-indexes-on-paths-and-arrays.md).
    func createPartialIndex(name: String, predicate: String) -> String

    /// The statement removing index `name`; idempotent.
    func dropIndex(name: String) -> String

    /// The statement that refreshes the planner's statistics of `objects` after an index build, or `nil` when the
    /// engine plans well without.
    var analyzeObjects: String? { get }

    /// Whether ``createIndex(name:expressions:descendingLast:carried:)`` must run outside a transaction (PostgreSQL's `CONCURRENTLY`).
    var buildsIndexesOutsideTransactions: Bool { get }

    /// The statement that describes how the engine runs `sql`, and the result column holding one line of the plan.
    func explain(_ sql: String) -> (sql: String, column: String)
}
