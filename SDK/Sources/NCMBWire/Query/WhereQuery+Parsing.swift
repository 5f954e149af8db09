extension WhereQuery {
    /// How deeply `$or` branches and sub-queries may nest: a query with 8 levels below the top is accepted, 9 is not.
    package static let maximumNestingDepth = 8

    /// The largest number of branches of one `$or`.
    package static let maximumOrBranchCount = 100

    /// The largest number of values of an array operand (`$in`, `$nin`, `$inArray`, `$ninArray`, `$all`).
    package static let maximumArrayOperandCount = 1000

    /// Reads the decoded JSON of a `where` parameter and validates it (docs/wire/query-operators.md,
    /// docs/decisions/0011-extensions.md).
    ///
    /// Each top-level key is a field name or a dotted path (`hash.a`, docs/decisions/0104-dotted-paths.md), `$or`,
    /// `$and` or `$relatedTo`. A field's value is an operator object when it is a
    /// non-empty object whose keys all start with `$`; any other value (scalars, `null`, arrays, typed values such as
    /// Dates and Pointers, plain objects) is compared for equality. Operands keep the form the client sent.
    ///
    /// - Parameter json: The decoded `where` value.
    /// - Throws: E400002 `"where is invalid."` when `json` is not an object; E400002 `"<name> is invalid."` for an
    ///   invalid field or class name, an unknown `$` operator (named in the message) or an operand of the wrong kind
    ///   (named by its field); E400005 `"<field> is not a valid value."` for an array operand of more than 1000 values;
    ///   E400005 `"where is not a valid value."` for nesting deeper than ``maximumNestingDepth``; E403006 for
    ///   malformed GeoPoints and geo conditions.
    package init(parsing json: JSONValue) throws(APIError) {
        guard let object = json.objectValue else { throw APIError(.invalidType, "where") }
        try self.init(parsing: object, depth: 0)
        try checkSize()
    }

    /// Reads a `where` object found `depth` levels below the top-level query.
    init(parsing object: JSONObject, depth: Int) throws(APIError) {
        guard depth <= WhereQuery.maximumNestingDepth, object.count <= WhereQuery.maximumConditionCount else {
            throw APIError(.invalidValue, "where")
        }
        var clauses: [WhereClause] = []
        clauses.reserveCapacity(object.count)
        for (key, value) in object {
            switch key {
            case "$or":
                clauses.append(.or(try WhereQuery.parseBranches(value, of: key, depth: depth)))
            case "$and":
                clauses.append(.and(try WhereQuery.parseBranches(value, of: key, depth: depth)))
            case "$relatedTo":
                let (owner, relationKey) = try WhereQuery.parseRelatedTo(value)
                clauses.append(.relatedTo(owner: owner, key: relationKey))
            default:
                guard !key.hasPrefix("$") else { throw APIError(.invalidType, key) }
                let field = try FieldPath(validating: key)
                clauses.append(.field(field, try FieldCondition.parseConditions(value, field: field, depth: depth)))
            }
        }
        self.init(clauses)
    }

    /// Reads `[{…},{…}]`, the value of `$or` or `$and` (named by `key` in errors).
    private static func parseBranches(_ value: JSONValue, of key: String, depth: Int) throws(APIError) -> [WhereQuery] {
        guard let elements = value.arrayValue else { throw APIError(.invalidType, key) }
        guard (1...maximumOrBranchCount).contains(elements.count) else { throw APIError(.invalidValue, key) }
        var branches: [WhereQuery] = []
        branches.reserveCapacity(elements.count)
        for element in elements {
            guard let branch = element.objectValue else { throw APIError(.invalidType, key) }
            branches.append(try WhereQuery(parsing: branch, depth: depth + 1))
        }
        return branches
    }

    /// Reads `{"object":<Pointer>,"key":"<relation field>"}`, the value of `$relatedTo`.
    private static func parseRelatedTo(_ value: JSONValue) throws(APIError) -> (owner: Pointer, key: FieldName) {
        guard let object = value.objectValue, let ownerValue = object["object"], let owner = Pointer(json: ownerValue),
            let keyText = object["key"]?.stringValue
        else { throw APIError(.invalidType, "$relatedTo") }
        return (owner, try FieldName(validating: keyText))
    }
}

extension FieldCondition {
    /// The `$maxDistanceIn…` keys, which qualify a `$nearSphere` beside them.
    static let maximumDistanceKeys: Set<String> = [
        "$maxDistanceInKilometers", "$maxDistanceInMiles", "$maxDistanceInRadians",
    ]

    /// Reads the value of one field in a `where` object: a plain value (equality) or an operator object.
    static func parseConditions(_ value: JSONValue, field: FieldPath, depth: Int) throws(APIError) -> [FieldCondition] {
        guard case .object(let object) = value, object.keys.contains(where: { $0.hasPrefix("$") }) else {
            return [.equalTo(try QueryOperand.equality(value, field: field))]
        }
        // A mix such as {"$gt":1,"lt":5} is most likely a typo; comparing for equality would hide it.
        guard object.keys.allSatisfy({ $0.hasPrefix("$") }) else { throw APIError(.invalidType, field.text) }
        let maximumDistance = try QueryOperand.maximumDistance(in: object)
        var conditions: [FieldCondition] = []
        conditions.reserveCapacity(object.count)
        for (key, operand) in object {
            if maximumDistanceKeys.contains(key) { continue }
            if key == "$nearSphere" {
                conditions.append(.nearSphere(try QueryOperand.geoPoint(operand), maximumDistance: maximumDistance))
            } else {
                conditions.append(try parseOperator(key, operand, field: field, depth: depth))
            }
        }
        return conditions
    }

    /// Reads one `$` operator other than `$nearSphere` and the distances that qualify it.
    private static func parseOperator(
        _ key: String, _ operand: JSONValue, field: FieldPath, depth: Int
    ) throws(APIError) -> FieldCondition {
        switch key {
        case "$ne": return .notEqualTo(try QueryOperand.notEqual(operand, field: field))
        case "$lt": return .lessThan(try QueryOperand.comparable(operand, field: field))
        case "$lte": return .lessThanOrEqualTo(try QueryOperand.comparable(operand, field: field))
        case "$gt": return .greaterThan(try QueryOperand.comparable(operand, field: field))
        case "$gte": return .greaterThanOrEqualTo(try QueryOperand.comparable(operand, field: field))
        case "$in": return .containedIn(try QueryOperand.array(operand, field: field))
        case "$nin": return .notContainedIn(try QueryOperand.array(operand, field: field))
        case "$inArray": return .inArray(try QueryOperand.array(operand, field: field))
        case "$ninArray": return .notInArray(try QueryOperand.array(operand, field: field))
        case "$all": return .containsAll(try QueryOperand.array(operand, field: field))
        case "$exists":
            guard let flag = operand.boolValue else { throw APIError(.invalidType, field.text) }
            return .exists(flag)
        case "$regex": return .regex(try QueryOperand.regularExpression(operand, field: field))
        case "$inQuery": return .inQuery(try QueryOperand.subQuery(operand, field: field, depth: depth))
        case "$notInQuery": return .notInQuery(try QueryOperand.subQuery(operand, field: field, depth: depth))
        case "$select":
            let (query, selectedKey) = try QueryOperand.selection(operand, field: field, depth: depth)
            return .select(query, key: selectedKey)
        case "$dontSelect":
            let (query, selectedKey) = try QueryOperand.selection(operand, field: field, depth: depth)
            return .dontSelect(query, key: selectedKey)
        case "$within":
            let (southwest, northeast) = try QueryOperand.box(operand)
            return .withinBox(southwest: southwest, northeast: northeast)
        default:
            throw APIError(.invalidType, key)
        }
    }
}
