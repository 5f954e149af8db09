/// Checks of the operands of `where` operators (docs/wire/query-operators.md); each returns the operand in the form the
/// model keeps.
///
/// Unless noted, a wrong operand gives E400002 `"<field> is invalid."`; geo operands give E403006
/// (docs/wire/field-types.md#types).
enum QueryOperand {
    /// An equality operand: any JSON value whose typed values (`__type`) are well formed.
    static func equality(_ operand: JSONValue, field: FieldPath) throws(APIError) -> JSONValue {
        try checked(operand, field: field)
    }

    /// A `$ne` operand: `null`, a boolean, number or string, a Date or a Pointer.
    static func notEqual(_ operand: JSONValue, field: FieldPath) throws(APIError) -> JSONValue {
        let value = try checked(operand, field: field)
        switch TypedValue(value) {
        case .null, .bool, .number, .string, .date, .pointer: return value
        case .geoPoint, .relation, .array, .object: throw APIError(.invalidType, field.text)
        }
    }

    /// A `$lt`, `$lte`, `$gt` or `$gte` operand: a number, a string or a Date.
    static func comparable(_ operand: JSONValue, field: FieldPath) throws(APIError) -> JSONValue {
        switch TypedValue(operand) {
        case .number, .string, .date: return operand
        default: throw APIError(.invalidType, field.text)
        }
    }

    /// An array operand of at most ``WhereQuery/maximumArrayOperandCount`` values.
    ///
    /// - Throws: E400002 when it is not an array or holds a malformed typed value; E400005
    ///   `"<field> is not a valid value."` when it is too long.
    static func array(_ operand: JSONValue, field: FieldPath) throws(APIError) -> [JSONValue] {
        guard let elements = operand.arrayValue else { throw APIError(.invalidType, field.text) }
        guard elements.count <= WhereQuery.maximumArrayOperandCount else { throw APIError(.invalidValue, field.text) }
        var checkedElements: [JSONValue] = []
        checkedElements.reserveCapacity(elements.count)
        for element in elements { checkedElements.append(try checked(element, field: field)) }
        return checkedElements
    }

    /// A `$regex` operand: a string that compiles as a regular expression.
    static func regularExpression(_ operand: JSONValue, field: FieldPath) throws(APIError) -> String {
        guard let pattern = operand.stringValue, isValidRegularExpression(pattern) else {
            throw APIError(.invalidType, field.text)
        }
        return pattern
    }

    /// Whether `pattern` compiles with Swift's regular-expression engine.
    static func isValidRegularExpression(_ pattern: String) -> Bool {
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            return (try? Regex(pattern)) != nil
        }
        return true
    }

    /// A `$inQuery` or `$notInQuery` operand, also the `query` of `$select` and `$dontSelect`:
    /// `{"where":{…},"className":"…"[,"limit":n,"skip":n,"order":"a,-b"]}`.
    ///
    /// `where` is optional; `count`, which the Swift SDK may copy in, and other keys are ignored.
    ///
    /// - Throws: E400002 `"<field> is invalid."` for a malformed operand, `"<className> is invalid."` for an invalid class
    ///   name; E400005 `"limit is not a valid value."` or `"skip is not a valid value."` for an out-of-range limit or skip;
    ///   E400005 `"where is not a valid value."` when nesting too deep.
    static func subQuery(_ operand: JSONValue, field: FieldPath, depth: Int) throws(APIError) -> SubQuery {
        let invalid = APIError(.invalidType, field.text)
        guard depth < WhereQuery.maximumNestingDepth else { throw APIError(.invalidValue, "where") }
        guard let object = operand.objectValue, let classText = object["className"]?.stringValue else { throw invalid }
        var query = SubQuery(className: try ClassName(validating: classText))
        if let whereValue = object["where"] {
            guard let whereObject = whereValue.objectValue else { throw invalid }
            query.whereQuery = try WhereQuery(parsing: whereObject, depth: depth + 1)
        }
        if let limitValue = object["limit"] {
            guard let limit = limitValue.integerValue, (0...Int64(QueryParameters.maximumLimit)).contains(limit) else {
                throw APIError(.invalidValue, "limit")
            }
            query.limit = Int(limit)
        }
        if let skipValue = object["skip"] {
            guard let skip = skipValue.integerValue, skip >= 0, let skipCount = Int(exactly: skip) else {
                throw APIError(.invalidValue, "skip")
            }
            query.skip = skipCount
        }
        switch object["order"] {
        case nil: break
        case .string(let list)?: query.order = try SortKey.parseList(list)
        case .array(let keys)?:
            for key in keys {
                guard let text = key.stringValue else { throw invalid }
                query.order.append(try SortKey(parsing: text))
            }
        default: throw invalid
        }
        return query
    }

    /// A `$select` or `$dontSelect` operand: `{"query":{…sub-query…},"key":"<field or dotted path>"}`.
    static func selection(_ operand: JSONValue, field: FieldPath, depth: Int) throws(APIError) -> (SubQuery, FieldPath) {
        guard let object = operand.objectValue, let queryValue = object["query"], let keyText = object["key"]?.stringValue
        else { throw APIError(.invalidType, field.text) }
        let query = try subQuery(queryValue, field: field, depth: depth)
        return (query, try FieldPath(validating: keyText))
    }

    /// A GeoPoint operand of `$nearSphere` or `$box`.
    ///
    /// - Throws: E403006 when it is not a GeoPoint with valid coordinates.
    static func geoPoint(_ operand: JSONValue) throws(APIError) -> GeoPoint {
        guard let point = GeoPoint(json: operand) else { throw APIError(.invalidGeoPointValue) }
        return point
    }

    /// The `$within` operand `{"$box":[southwest, northeast]}`.
    ///
    /// The southwest corner may not lie north or east of the northeast corner: boxes do not wrap around the 180th
    /// meridian, so storage compiles them to two range checks.
    ///
    /// - Throws: E403006 for any other shape.
    static func box(_ operand: JSONValue) throws(APIError) -> (southwest: GeoPoint, northeast: GeoPoint) {
        guard let object = operand.objectValue, object.count == 1, let corners = object["$box"]?.arrayValue,
            corners.count == 2, let southwest = GeoPoint(json: corners[0]), let northeast = GeoPoint(json: corners[1]),
            southwest.latitude <= northeast.latitude, southwest.longitude <= northeast.longitude
        else { throw APIError(.invalidGeoPointValue) }
        return (southwest, northeast)
    }

    /// The `$maxDistanceIn…` sibling of a `$nearSphere`, if any.
    ///
    /// - Throws: E403006 when there are several, when one is not a non-negative number, or when there is no
    ///   `$nearSphere` beside it.
    static func maximumDistance(in object: JSONObject) throws(APIError) -> GeoDistance? {
        var distance: GeoDistance?
        for (key, value) in object where FieldCondition.maximumDistanceKeys.contains(key) {
            guard distance == nil, let amount = value.numberValue, amount >= 0, object["$nearSphere"] != nil else {
                throw APIError(.invalidGeoPointValue)
            }
            switch key {
            case "$maxDistanceInKilometers": distance = .kilometers(amount)
            case "$maxDistanceInMiles": distance = .miles(amount)
            default: distance = .radians(amount)
            }
        }
        return distance
    }

    /// The operand with its typed values checked, or the error a query gets for a malformed one.
    private static func checked(_ operand: JSONValue, field: FieldPath) throws(APIError) -> JSONValue {
        try operand.checkingTypedValues(normalizes: false, fieldText: field.text, invalidDate: .invalidType)
    }
}
