extension WhereQuery {
    /// The `where` JSON of this query, so that `WhereQuery(parsing: query.json) == query` for every parsed query.
    ///
    /// Clauses on one field merge into one operator object. A query built by hand may hold clauses that one JSON object
    /// cannot express side by side (an equality and an operator on one field, the same operator twice, two `$or`s);
    /// these are ANDed through a one-branch `$or`, or pushed into each branch of the query's own `$or`, so the printed
    /// query still selects the same objects.
    package var json: JSONValue { .object(printedObject()) }

    /// The printed `where` object.
    private func printedObject() -> JSONObject {
        var object = JSONObject()
        var overflow: [WhereClause] = []
        var placedBranches: [WhereQuery]?
        var placedConjunction = false
        for clause in clauses {
            switch clause {
            case .field(let field, let conditions):
                for condition in conditions {
                    if case .equalTo(let value) = condition {
                        WhereQuery.place(value: value, field: field, in: &object, overflow: &overflow)
                    } else {
                        WhereQuery.place(condition, field: field, in: &object, overflow: &overflow)
                    }
                }
            case .or(let branches):
                guard placedBranches == nil else {
                    overflow.append(clause)
                    continue
                }
                placedBranches = branches
                object["$or"] = .array(branches.map(\.json))
            case .and(let queries):
                guard !placedConjunction else {
                    overflow.append(clause)
                    continue
                }
                placedConjunction = true
                object["$and"] = .array(queries.map(\.json))
            case .relatedTo(let owner, let key):
                guard !object.contains("$relatedTo") else {
                    overflow.append(clause)
                    continue
                }
                object["$relatedTo"] = ["object": owner.json, "key": .string(key.rawValue)]
            }
        }
        guard !overflow.isEmpty else { return object }
        if let placedBranches {
            // (A or B) and C  ==  (A and C) or (B and C)
            object["$or"] = .array(placedBranches.map { WhereQuery($0.clauses + overflow).json })
        } else {
            object["$or"] = [WhereQuery(overflow).json]
        }
        return object
    }

    /// Places a plain equality value, or defers it when the field already has a value.
    private static func place(value: JSONValue, field: FieldPath, in object: inout JSONObject, overflow: inout [WhereClause]) {
        guard !object.contains(field.text) else {
            overflow.append(.field(field, [.equalTo(value)]))
            return
        }
        // An object with `$` keys would read back as operators; `$in` with that one value is the closest equality.
        object[field.text] = isOperatorObject(value) ? ["$in": [value]] : value
    }

    /// Places one condition into the field's operator object, or defers it when its keys are taken.
    private static func place(
        _ condition: FieldCondition, field: FieldPath, in object: inout JSONObject, overflow: inout [WhereClause]
    ) {
        let operators = condition.operatorPairs
        let existing: JSONObject
        switch object[field.text] {
        case nil:
            existing = JSONObject()
        case .object(let fieldObject)? where isOperatorObject(.object(fieldObject)):
            existing = fieldObject
        default:
            overflow.append(.field(field, [condition]))
            return
        }
        guard !operators.contains(where: { existing.contains($0.key) }) else {
            overflow.append(.field(field, [condition]))
            return
        }
        var merged = existing
        for (key, operand) in operators { merged[key] = operand }
        object[field.text] = .object(merged)
    }

    /// Whether a field value would read back as an operator object rather than an equality value.
    private static func isOperatorObject(_ value: JSONValue) -> Bool {
        guard case .object(let object) = value else { return false }
        return object.keys.contains { $0.hasPrefix("$") }
    }
}

extension FieldCondition {
    /// The keys and operands this condition adds to its field's operator object, in wire order.
    ///
    /// Equalities print as plain values; this `$in` form is used only for a value that itself looks like operators.
    var operatorPairs: [(key: String, value: JSONValue)] {
        switch self {
        case .equalTo(let value): [("$in", [value])]
        case .notEqualTo(let value): [("$ne", value)]
        case .lessThan(let value): [("$lt", value)]
        case .lessThanOrEqualTo(let value): [("$lte", value)]
        case .greaterThan(let value): [("$gt", value)]
        case .greaterThanOrEqualTo(let value): [("$gte", value)]
        case .containedIn(let values): [("$in", .array(values))]
        case .notContainedIn(let values): [("$nin", .array(values))]
        case .exists(let flag): [("$exists", .bool(flag))]
        case .regex(let pattern): [("$regex", .string(pattern))]
        case .inArray(let values): [("$inArray", .array(values))]
        case .notInArray(let values): [("$ninArray", .array(values))]
        case .containsAll(let values): [("$all", .array(values))]
        case .inQuery(let query): [("$inQuery", query.json)]
        case .notInQuery(let query): [("$notInQuery", query.json)]
        case .select(let query, let key): [("$select", ["query": query.json, "key": .string(key.text)])]
        case .dontSelect(let query, let key): [("$dontSelect", ["query": query.json, "key": .string(key.text)])]
        case .nearSphere(let point, let maximumDistance):
            [("$nearSphere", point.json)] + (maximumDistance.map { [$0.pair] } ?? [])
        case .withinBox(let southwest, let northeast): [("$within", ["$box": [southwest.json, northeast.json]])]
        }
    }
}

extension GeoDistance {
    /// The `$maxDistanceIn…` key and value.
    var pair: (key: String, value: JSONValue) {
        switch self {
        case .kilometers(let value): ("$maxDistanceInKilometers", .double(value))
        case .miles(let value): ("$maxDistanceInMiles", .double(value))
        case .radians(let value): ("$maxDistanceInRadians", .double(value))
        }
    }
}

extension SubQuery {
    /// The wire form `{"where":{…},"className":"…","limit":n,"skip":n,"order":"a,-b"}`; absent parts are omitted.
    package var json: JSONValue {
        var object = JSONObject()
        if !whereQuery.isEmpty { object["where"] = whereQuery.json }
        object["className"] = .string(className.rawValue)
        if let limit { object["limit"] = .integer(Int64(limit)) }
        if let skip { object["skip"] = .integer(Int64(skip)) }
        if !order.isEmpty { object["order"] = .string(SortKey.listText(order)) }
        return .object(object)
    }
}
