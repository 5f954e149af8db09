package import NCMBWire

/// The statements of ``IndexStore``: index metadata (`class_indexes`), the engine index itself, and the advisor's
/// records (`query_shapes`), shared by both engines (docs/decisions/0074-indexes-on-user-fields.md).
///
/// An index's expressions are the very expressions ``QueryCompiler`` compares for each kind of value, spelled by the
/// same dialect over the `fields` column, so a planner matches them without the compiler knowing that indexes exist.
package enum IndexStatements {
    /// The expression an index of `kind` holds for `field`: what the compiler compares for operands of that kind, at
    /// the literal path.
    package static func expression(_ indexed: IndexedField, dialect: any SQLDialect) -> String {
        let reference = SQLJSONReference(column: "fields", path: indexed.field)
        return switch indexed.kind {
        case .number: dialect.numberValue(reference)
        case .string: dialect.textValue(reference)
        case .boolean: dialect.booleanValue(reference)
        case .date: dialect.textValue(reference.appending(.iso))
        case .pointer: dialect.textValue(reference.appending(.objectId))
        }
    }

    /// The statements building the index: the index of values, then one array companion per field: `objects
    /// (class_id)` over the rows where an array sits on the field's path (or an object where a position is read), the
    /// very guard of the compiler's second branch, so that a planner can serve a condition's `OR` with two index
    /// lookups (docs/decisions/0105-indexes-on-paths-and-arrays.md).
    package static func create(_ index: ClassIndex, dialect: any SQLDialect) -> [SQLStatement] {
        let expressions = index.fields.map { expression($0, dialect: dialect) }
        let carried = carriedExpressions(index, dialect: dialect)
        var statements = [
            SQLStatement(
                dialect: dialect, dialect.createIndex(name: index.name, expressions: expressions, descendingLast: false, carried: carried))
        ]
        // The descending companion: a sorted page in descending order walks it (docs/decisions/0141-…).
        if let last = index.fields.last, last.kind.isOrderable, !last.field.isDotted {
            statements.append(
                SQLStatement(
                    dialect: dialect,
                    dialect.createIndex(name: descendingName(index.name), expressions: expressions, descendingLast: true, carried: carried)))
        }
        var predicates: [String] = []
        for indexed in index.fields {
            predicates.append(arrayGuard(indexed.field, dialect: dialect))
            // A Pointer index also serves `field.objectId`, whose guard differs (a Relation's members count there).
            if indexed.kind == .pointer {
                predicates.append(arrayGuard(FieldPath(root: indexed.field.root, keys: indexed.field.keys + [.name("objectId")]), dialect: dialect))
            }
        }
        for (position, predicate) in predicates.enumerated() {
            statements.append(
                SQLStatement(dialect: dialect, dialect.createPartialIndex(name: companionName(index.name, position), predicate: predicate)))
        }
        return statements
    }

    /// What an index whose last field is orderable at a plain path also holds: that field's value expressions of the
    /// other orderable kinds and its `__type` text, the very expressions a sorted page's leg without a pinned kind tests
    /// beside its key (``QueryCompiler/appendSortedPage(_:className:parameters:)``), so that the leg of the
    /// index's kind reads them from the index instead of from each row it walks
    /// (docs/decisions/0176-deep-pages-from-the-index.md). Empty for other indexes.
    static func carriedExpressions(_ index: ClassIndex, dialect: any SQLDialect) -> [String] {
        guard let last = index.fields.last, last.kind.isOrderable, !last.field.isDotted else { return [] }
        let reference = SQLJSONReference(column: "fields", path: last.field)
        let values = [
            dialect.numberValue(reference), dialect.textValue(reference), dialect.textValue(reference.appending(.iso)),
            dialect.textValue(reference.appending(.type)),
        ]
        return values.filter { $0 != expression(last, dialect: dialect) }
    }

    /// The guard of the compiler's array branch for `path` over the `fields` column.
    static func arrayGuard(_ path: FieldPath, dialect: any SQLDialect) -> String {
        let target = QueryCompiler.JSONTarget(
            start: SQLJSONReference(column: "fields", field: path.root), keys: path.keys, classFilter: nil)
        return QueryCompiler.arrayGuard(target, expandsArrays: true, dialect: dialect)
    }

    /// The name of the descending companion of index `name`.
    static func descendingName(_ name: String) -> String { "\(name)_d" }

    /// The name of the array companion of field `position` of index `name`.
    static func companionName(_ name: String, _ position: Int) -> String { "\(name)_a\(position)" }

    /// The statements removing the index named `name`, its descending companion and its array companions (two per field
    /// at most).
    package static func drop(name: String, dialect: any SQLDialect) -> [SQLStatement] {
        ([name, descendingName(name)] + (0..<2 * ClassIndex.maximumFieldCount).map { companionName(name, $0) }).map {
            SQLStatement(dialect: dialect, dialect.dropIndex(name: $0))
        }
    }

    // MARK: Metadata

    private static let columns = "application_id, class_name, index_name, fields, origin, create_date"

    /// The indexes of an application, or of one of its classes.
    package static func list(applicationId: String, className: ClassName?, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(
            dialect: dialect, "SELECT \(sql: columns) FROM class_indexes WHERE application_id = \(.text(applicationId))")
        if let className { statement.append(" AND class_name = \(.text(className.rawValue))") }
        statement.append(" ORDER BY class_name, create_date, index_name")
        return statement
    }

    /// Records an index; nothing when it is recorded already.
    package static func insert(_ index: ClassIndex, dialect: any SQLDialect) -> SQLStatement {
        let values: [SQLValue] = [
            .text(index.applicationId), .text(index.className.rawValue), .text(index.name),
            .text(QueryShapeRecord.text(of: index.fields)), .text(index.origin.rawValue), .date(index.createDate),
        ]
        return SQLStatement(
            dialect: dialect,
            """
            INSERT INTO class_indexes (\(sql: columns)) VALUES (\(list: values)) \
            ON CONFLICT (application_id, class_name, index_name) DO NOTHING
            """)
    }

    /// Forgets an index.
    package static func delete(_ index: ClassIndex, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect,
            """
            DELETE FROM class_indexes WHERE application_id = \(.text(index.applicationId)) \
            AND class_name = \(.text(index.className.rawValue)) AND index_name = \(.text(index.name))
            """)
    }

    /// An index from a `class_indexes` row; `nil` for a row this version cannot read.
    package static func index(_ row: SQLRow) -> ClassIndex? {
        guard let applicationId = row.string("application_id"), let className = row.string("class_name").flatMap(ClassName.init),
            let fields = row.string("fields").flatMap(QueryShapeRecord.fields(parsing:)), !fields.isEmpty,
            let origin = row.string("origin").flatMap(IndexOrigin.init(rawValue:)), let created = row.date("create_date")
        else { return nil }
        return ClassIndex(
            applicationId: applicationId, className: className, fields: fields, origin: origin,
            createDate: created)
    }

    // MARK: The class's data

    /// How many objects the class has: one row with `count`.
    package static func objectCount(applicationId: String, className: ClassName, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "SELECT COUNT(*) AS count FROM objects o WHERE ")
        statement.appendClassFilter(alias: "o", applicationId: applicationId, className: className)
        return statement
    }

    /// The kinds of value `field` holds at its literal path in the class's first 10 000 objects: rows of `kind` and
    /// `count`.
    package static func valueKinds(
        applicationId: String, className: ClassName, field: FieldPath, dialect: any SQLDialect
    ) -> SQLStatement {
        let value = SQLJSONReference(column: "s.fields", path: field)
        let type = dialect.textValue(value.appending(.type))
        let kind =
            "CASE WHEN \(dialect.isKind(.number, value)) THEN 'number' WHEN \(dialect.isKind(.string, value)) THEN 'string'"
            + " WHEN \(dialect.isKind(.boolean, value)) THEN 'boolean' WHEN \(type) = 'Date' THEN 'date'"
            + " WHEN \(type) = 'Pointer' THEN 'pointer' ELSE 'other' END"
        var statement = SQLStatement(dialect: dialect, "SELECT \(kind) AS kind, COUNT(*) AS count FROM (SELECT o.fields FROM objects o WHERE ")
        statement.appendClassFilter(alias: "o", applicationId: applicationId, className: className)
        statement.append(" LIMIT 10000) s GROUP BY \(kind)")
        return statement
    }

    // MARK: The advisor's records

    private static let shapeColumns =
        "application_id, class_name, shape, suggestion, runs, total_milliseconds, maximum_milliseconds, last_seen"

    /// Adds one shape's slow runs to its record.
    package static func recordSlowQuery(_ run: SlowQueryRun, dialect: any SQLDialect) -> SQLStatement {
        let values: [SQLValue] = [
            .text(run.shape.applicationId), .text(run.shape.className.rawValue), .text(run.shape.key),
            .text(QueryShapeRecord.text(of: run.shape.suggestedFields)), .integer(Int64(run.runs)),
            .double(run.totalMilliseconds), .double(run.maximumMilliseconds), .date(run.lastSeen),
        ]
        var statement = SQLStatement(dialect: dialect, "INSERT INTO query_shapes (\(sql: shapeColumns)) VALUES (\(list: values))")
        statement.append(
            " ON CONFLICT (application_id, class_name, shape) DO UPDATE SET runs = query_shapes.runs + excluded.runs,"
                + " total_milliseconds = query_shapes.total_milliseconds + excluded.total_milliseconds,"
                + " maximum_milliseconds = CASE WHEN excluded.maximum_milliseconds > query_shapes.maximum_milliseconds"
                + " THEN excluded.maximum_milliseconds ELSE query_shapes.maximum_milliseconds END,"
                + " last_seen = CASE WHEN excluded.last_seen > query_shapes.last_seen THEN excluded.last_seen"
                + " ELSE query_shapes.last_seen END")
        return statement
    }

    /// The records of an application, slowest in total first.
    package static func slowQueries(applicationId: String, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect,
            """
            SELECT \(sql: shapeColumns) FROM query_shapes WHERE application_id = \(.text(applicationId)) \
            ORDER BY total_milliseconds DESC, class_name, shape
            """)
    }

    /// Forgets the records of an application.
    package static func clearSlowQueries(applicationId: String, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "DELETE FROM query_shapes WHERE application_id = \(.text(applicationId))")
    }

    /// A record from a `query_shapes` row; `nil` for a row this version cannot read.
    package static func slowQuery(_ row: SQLRow) -> QueryShapeRecord? {
        guard let applicationId = row.string("application_id"), let className = row.string("class_name").flatMap(ClassName.init),
            let shape = row.string("shape"), let suggestion = row.string("suggestion").flatMap(QueryShapeRecord.fields(parsing:)),
            let runs = row.integer("runs"), let total = number(row, "total_milliseconds"),
            let maximum = number(row, "maximum_milliseconds"), let lastSeen = row.date("last_seen")
        else { return nil }
        return QueryShapeRecord(
            applicationId: applicationId, className: className, shape: shape, suggestion: suggestion, runs: Int(runs),
            totalMilliseconds: total, maximumMilliseconds: maximum, lastSeen: lastSeen)
    }

    private static func number(_ row: SQLRow, _ name: String) -> Double? {
        switch row.value(name) {
        case .double(let value)?: value
        case .integer(let value)?: Double(value)
        default: nil
        }
    }
}
