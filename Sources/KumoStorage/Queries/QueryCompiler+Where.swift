import NCMBWire

/// `where` clauses and field conditions (docs/wire/query-operators.md); see ``QueryCompiler`` for the shared semantics.
extension QueryCompiler {
    /// What a field condition applies to.
    enum FieldTarget {
        /// A user field, a path into it, or the ACL (``JSONTarget``).
        case json(JSONTarget)
        /// The `objectId` text column.
        case text(column: String)
        /// A date column in milliseconds (`createDate`, `updateDate`).
        case date(column: String)
    }

    /// The target of `path` for the rows of `alias`: a column for `objectId`, `createDate` and `updateDate` themselves,
    /// otherwise a JSON target.
    func target(of path: FieldPath, alias: String) -> FieldTarget {
        guard !path.isDotted else { return .json(jsonTarget(path, alias: alias)) }
        switch path.root {
        case .objectId: return .text(column: "\(alias).object_id")
        case .createDate: return .date(column: "\(alias).create_date")
        case .updateDate: return .date(column: "\(alias).update_date")
        default: return .json(jsonTarget(path, alias: alias))
        }
    }

    /// Appends the conjunction of a query's clauses for the rows of `alias`.
    mutating func appendWhere(_ query: WhereQuery, alias: String, isTopLevel: Bool) {
        appendConjunction(query.clauses) { compiler, clause in
            compiler.appendClause(clause, alias: alias, isTopLevel: isTopLevel)
        }
    }

    private mutating func appendClause(_ clause: WhereClause, alias: String, isTopLevel: Bool) {
        switch clause {
        case .field(let field, let conditions):
            let target = target(of: field, alias: alias)
            appendConjunction(conditions) { compiler, condition in
                compiler.appendCondition(condition, on: target, isTopLevel: isTopLevel)
            }
        case .or(let queries):
            appendDisjunction(queries) { compiler, query in
                compiler.appendWhere(query, alias: alias, isTopLevel: false)
            }
        case .and(let queries):
            appendConjunction(queries) { compiler, query in
                compiler.appendWhere(query, alias: alias, isTopLevel: false)
            }
        case .relatedTo(let owner, let key):
            appendRelatedTo(owner: owner, key: key, alias: alias)
        }
    }

    /// Appends one condition on one target.
    private mutating func appendCondition(_ condition: FieldCondition, on target: FieldTarget, isTopLevel: Bool) {
        switch condition {
        case .equalTo(let value):
            appendEquals(target, value)
        case .notEqualTo(let value):
            appendNegation { $0.appendEquals(target, value) }
        case .lessThan(let value):
            appendComparison(target, "<", value)
        case .lessThanOrEqualTo(let value):
            appendComparison(target, "<=", value)
        case .greaterThan(let value):
            appendComparison(target, ">", value)
        case .greaterThanOrEqualTo(let value):
            appendComparison(target, ">=", value)
        case .containedIn(let values):
            appendContainedIn(target, values)
        case .notContainedIn(let values):
            appendNegation { $0.appendContainedIn(target, values) }
        case .exists(let isPresent):
            appendExists(target, isPresent)
        case .regex(let pattern):
            appendRegex(target, pattern)
        case .inArray(let values):
            appendArrayContainsAny(target, values)
        case .notInArray(let values):
            appendNegation { $0.appendArrayContainsAny(target, values) }
        case .containsAll(let values):
            appendArrayContainsAll(target, values)
        case .inQuery(let subQuery):
            appendInQuery(target, subQuery)
        case .notInQuery(let subQuery):
            appendNegation { $0.appendInQuery(target, subQuery) }
        case .select(let subQuery, let key):
            appendSelect(target, subQuery, key: key)
        case .dontSelect(let subQuery, let key):
            appendNegation { $0.appendSelect(target, subQuery, key: key) }
        case .nearSphere(let point, let maximumDistance):
            appendNearSphere(target, point, maximumDistance: maximumDistance, isTopLevel: isTopLevel)
        case .withinBox(let southwest, let northeast):
            appendWithinBox(target, southwest: southwest, northeast: northeast)
        }
    }

    // MARK: Scalars

    /// Type-aware equality, with MongoDB's array semantics on JSON targets; `null` matches JSON null or a missing field.
    mutating func appendEquals(_ target: FieldTarget, _ value: JSONValue) {
        switch target {
        case .text(let column):
            guard let text = value.stringValue else { return statement.append(dialect.literal(false)) }
            statement.append("\(column) = ")
            statement.bind(.text(text))
        case .date(let column):
            guard let date = QueryCompiler.date(from: value) else { return statement.append(dialect.literal(false)) }
            statement.append("\(column) = ")
            statement.bind(.integer(date.millisecondsSince1970))
        case .json(let target):
            guard value != .null else { return appendNullEquality(target) }
            appendAnyValue(target, expandsArrays: true) { $0.appendJSONEquals($1, value) }
        }
    }

    /// Type-aware equality of the one JSON value at `reference` with an operand (no array semantics: the callers walk
    /// paths and elements).
    mutating func appendJSONEquals(_ reference: SQLJSONReference, _ value: JSONValue) {
        switch TypedValue(value) {
        case .null:
            statement.append("(NOT \(dialect.exists(reference)) OR \(dialect.isKind(.null, reference)))")
        case .bool(let flag):
            statement.append("(\(kindGuard(.boolean, reference))\(dialect.booleanValue(reference)) = ")
            statement.bind(.boolean(flag))
            statement.append(")")
        case .number, .string, .date:
            appendJSONComparison(reference, "=", value)
        case .pointer(let pointer):
            statement.append("(\(isTyped(reference, "Pointer")) AND \(dialect.textValue(reference.appending(.className))) = ")
            statement.bind(.text(pointer.className.rawValue))
            statement.append(" AND \(dialect.textValue(reference.appending(.objectId))) = ")
            statement.bind(.text(pointer.objectId))
            statement.append(")")
        case .geoPoint(let point):
            statement.append("(\(isGeoPoint(reference)) AND \(dialect.numberValue(reference.appending(.latitude))) = ")
            statement.bind(.double(point.latitude))
            statement.append(" AND \(dialect.numberValue(reference.appending(.longitude))) = ")
            statement.bind(.double(point.longitude))
            statement.append(")")
        case .relation:
            statement.append(dialect.literal(false))
        case .array, .object:
            let kind: SQLJSONKind = value.arrayValue != nil ? .array : .object
            statement.append("(\(dialect.isKind(kind, reference)) AND \(dialect.jsonText(reference)) = ")
            statement.append(dialect.canonicalJSON(statement.parameter(.text(value.serializedString()))))
            statement.append(")")
        }
    }

    /// `$lt`, `$lte`, `$gt`, `$gte`: numbers with numbers, strings with strings, Dates with Dates; anything else is false.
    private mutating func appendComparison(_ target: FieldTarget, _ comparison: String, _ value: JSONValue) {
        switch target {
        case .text(let column):
            guard let text = value.stringValue else { return statement.append(dialect.literal(false)) }
            statement.append("\(column) \(comparison) ")
            statement.bind(.text(text))
        case .date(let column):
            guard let date = QueryCompiler.date(from: value) else { return statement.append(dialect.literal(false)) }
            statement.append("\(column) \(comparison) ")
            statement.bind(.integer(date.millisecondsSince1970))
        case .json(let target):
            appendAnyValue(target, expandsArrays: true) { $0.appendJSONComparison($1, comparison, value) }
        }
    }

    /// `$lt`, `$lte`, `$gt`, `$gte` (and `=` for these kinds) on one JSON value.
    private mutating func appendJSONComparison(_ reference: SQLJSONReference, _ comparison: String, _ value: JSONValue) {
        switch TypedValue(value) {
        case .number:
            statement.append("(\(kindGuard(.number, reference))\(dialect.numberValue(reference)) \(comparison) ")
            statement.bind(QueryCompiler.numberBinding(value))
            statement.append(")")
        case .string(let text):
            statement.append("(\(kindGuard(.string, reference))\(dialect.textValue(reference)) \(comparison) ")
            statement.bind(.text(text))
            statement.append(")")
        case .date(let date):
            statement.append("(\(isDate(reference)) AND \(dialect.textValue(reference.appending(.iso))) \(comparison) ")
            statement.bind(.text(date.formatted))
            statement.append(")")
        default:
            statement.append(dialect.literal(false))
        }
    }

    /// `$in`: numbers and strings are grouped into `IN` lists; other operands become equalities.
    private mutating func appendContainedIn(_ target: FieldTarget, _ values: [JSONValue]) {
        switch target {
        case .text(let column):
            return appendColumnIn(column, values.compactMap(\.stringValue).map { SQLValue.text($0) })
        case .date(let column):
            return appendColumnIn(column, values.compactMap(QueryCompiler.date(from:)).map { .integer($0.millisecondsSince1970) })
        case .json(let target):
            let present = values.filter { $0 != .null }
            var groups: [(inout QueryCompiler) -> Void] = []
            if !present.isEmpty {
                groups.append { $0.appendAnyValue(target, expandsArrays: true) { $0.appendJSONContainedIn($1, present) } }
            }
            if present.count < values.count { groups.append { $0.appendNullEquality(target) } }
            appendDisjunction(groups) { compiler, group in group(&compiler) }
        }
    }

    /// `column IN (…)`, or `FALSE` for an empty list.
    private mutating func appendColumnIn(_ column: String, _ values: [SQLValue]) {
        guard !values.isEmpty else { return statement.append(dialect.literal(false)) }
        let list = values.map { statement.parameter($0) }.joined(separator: ", ")
        statement.append("\(column) IN (\(list))")
    }

    /// `$in` on one JSON value, for operands other than `null`.
    private mutating func appendJSONContainedIn(_ reference: SQLJSONReference, _ values: [JSONValue]) {
        let numbers = values.filter(\.isNumber)
        let strings = values.compactMap(\.stringValue)
        let others = values.filter { !$0.isNumber && $0.stringValue == nil }
        var groups: [(inout QueryCompiler) -> Void] = []
        if !numbers.isEmpty {
            groups.append { compiler in
                let list = numbers.map { compiler.statement.parameter(QueryCompiler.numberBinding($0)) }.joined(separator: ", ")
                let dialect = compiler.dialect
                compiler.statement.append("(\(compiler.kindGuard(.number, reference))\(dialect.numberValue(reference)) IN (\(list)))")
            }
        }
        if !strings.isEmpty {
            groups.append { compiler in
                let list = strings.map { compiler.statement.parameter(.text($0)) }.joined(separator: ", ")
                let dialect = compiler.dialect
                compiler.statement.append("(\(compiler.kindGuard(.string, reference))\(dialect.textValue(reference)) IN (\(list)))")
            }
        }
        for value in others {
            groups.append { compiler in compiler.appendJSONEquals(reference, value) }
        }
        appendDisjunction(groups) { compiler, group in group(&compiler) }
    }

    /// `$exists`: some value is reached (a key present, even with a null value), or none.
    private mutating func appendExists(_ target: FieldTarget, _ isPresent: Bool) {
        guard case .json(let target) = target else { return statement.append(dialect.literal(isPresent)) }
        let exists = { (compiler: inout QueryCompiler) in
            compiler.appendAnyValue(target, expandsArrays: false) { $0.statement.append($0.dialect.exists($1)) }
        }
        if isPresent {
            exists(&self)
        } else {
            appendNegation(exists)
        }
    }

    /// `$regex` on string values (and on `objectId`), with the engine's regular-expression function.
    private mutating func appendRegex(_ target: FieldTarget, _ pattern: String) {
        switch target {
        case .date:
            statement.append(dialect.literal(false))
        case .text(let column):
            statement.append(dialect.regexMatch(subject: column, pattern: statement.parameter(.text(pattern))))
        case .json(let target):
            let placeholder = statement.parameter(.text(pattern))
            appendAnyValue(target, expandsArrays: true) { compiler, reference in
                let dialect = compiler.dialect
                let match = dialect.regexMatch(subject: dialect.textValue(reference), pattern: placeholder)
                compiler.statement.append("(\(dialect.isKind(.string, reference)) AND \(match))")
            }
        }
    }

    // MARK: Arrays

    /// `$inArray`: an array value has an element equal (type-aware) to one of the values.
    private mutating func appendArrayContainsAny(_ target: FieldTarget, _ values: [JSONValue]) {
        guard case .json(let target) = target, !values.isEmpty else { return statement.append(dialect.literal(false)) }
        appendAnyValue(target, expandsArrays: false) { compiler, reference in
            compiler.statement.append("(\(compiler.dialect.isKind(.array, reference)) AND ")
            compiler.appendElementExists(in: reference) { compiler, element in
                compiler.appendDisjunction(values) { compiler, value in compiler.appendJSONEquals(element, value) }
            }
            compiler.statement.append(")")
        }
    }

    /// `$all`: an array value has, for every value, an element equal to it.
    private mutating func appendArrayContainsAll(_ target: FieldTarget, _ values: [JSONValue]) {
        guard case .json(let target) = target else { return statement.append(dialect.literal(false)) }
        appendAnyValue(target, expandsArrays: false) { compiler, reference in
            compiler.statement.append("(\(compiler.dialect.isKind(.array, reference))")
            for value in values {
                compiler.statement.append(" AND ")
                compiler.appendElementExists(in: reference) { compiler, element in compiler.appendJSONEquals(element, value) }
            }
            compiler.statement.append(")")
        }
    }

    // MARK: Typed values

    /// `isKind(kind) AND `, or nothing where the dialect's value expressions are `NULL` for values of other kinds
    /// already (``SQLDialect/guardsValueKinds``): there the guard changes no result and only misleads the planner, which
    /// multiplies its guessed selectivity into a row estimate small enough to sort a whole class rather than walk an
    /// ordered index.
    func kindGuard(_ kind: SQLJSONKind, _ reference: SQLJSONReference) -> String {
        dialect.guardsValueKinds ? "" : "\(dialect.isKind(kind, reference)) AND "
    }

    /// True when the value at `reference` is an object whose `__type` is `type`.
    func isTyped(_ reference: SQLJSONReference, _ type: String) -> String {
        QueryCompiler.isTyped(reference, type, dialect: dialect)
    }

    /// ``isTyped(_:_:)`` in `dialect`.
    static func isTyped(_ reference: SQLJSONReference, _ type: String, dialect: any SQLDialect) -> String {
        // The type names are compiler constants, not request values.
        "\(dialect.textValue(reference.appending(.type))) = '\(type)'"
    }

    /// True when the value at `reference` is a Date with an `iso` text.
    func isDate(_ reference: SQLJSONReference) -> String {
        "(\(isTyped(reference, "Date")) AND \(dialect.isKind(.string, reference.appending(.iso))))"
    }

    /// The date of a column operand: a Date value or an ISO-8601 string.
    static func date(from value: JSONValue) -> WireDate? {
        switch TypedValue(value) {
        case .date(let date): date
        case .string(let text): WireDate(parsing: text)
        default: nil
        }
    }

    /// A numeric operand bound with its own kind, so integers compare exactly.
    static func numberBinding(_ value: JSONValue) -> SQLValue {
        switch value {
        case .integer(let integer): .integer(integer)
        case .double(let double): .double(double)
        default: .null
        }
    }
}
