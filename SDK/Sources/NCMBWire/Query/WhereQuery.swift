/// A validated NCMB `where` condition (docs/wire/query-operators.md): clauses that must all hold.
///
/// Built by `WhereQuery(parsing:)` from the JSON a client sends, and printed back to JSON with `json`; the SQL
/// compilers of the storage engines read it. A value of this type is always valid: names are checked, operands have the
/// right kinds, nesting and list sizes are bounded.
package struct WhereQuery: Sendable, Hashable {
    /// The clauses, combined with AND. Empty matches everything.
    package var clauses: [WhereClause]

    /// Creates a query from clauses.
    package init(_ clauses: [WhereClause] = []) { self.clauses = clauses }

    /// A query that matches every object.
    package static let all = WhereQuery()

    /// Whether the query has no clause.
    package var isEmpty: Bool { clauses.isEmpty }
}

/// One top-level clause of a `where` object.
package enum WhereClause: Sendable, Hashable {
    /// Conditions on one field or dotted path, combined with AND: `{"number":{"$gt":1,"$lt":5}}`, `{"number":1}`,
    /// `{"hash.a":"b"}` (docs/decisions/0104-dotted-paths.md).
    case field(FieldPath, [FieldCondition])
    /// `{"$or":[{…},{…}]}`: at least one sub-query holds.
    case or([WhereQuery])
    /// `{"$and":[{…},{…}]}`: every sub-query holds (MongoDB's `$and`, which NCMB passed through).
    case and([WhereQuery])
    /// `{"$relatedTo":{"object":<Pointer>,"key":"<relation field>"}}`: objects in that relation of that object.
    case relatedTo(owner: Pointer, key: FieldName)

    /// Conditions on one plain field: the form code that builds queries uses.
    package static func field(_ name: FieldName, _ conditions: [FieldCondition]) -> WhereClause {
        .field(FieldPath(name), conditions)
    }
}

/// A condition on one field (docs/wire/query-operators.md and docs/decisions/0011-extensions.md).
///
/// Operands are JSON values in wire form; a Date operand stays `{"__type":"Date","iso":…}` and a Pointer operand stays a
/// pointer object, so printing gives back what the client sent.
package enum FieldCondition: Sendable, Hashable {
    /// Plain value: `{"field":value}`; `{"field":null}` matches a null or missing field.
    case equalTo(JSONValue)
    /// `$ne`
    case notEqualTo(JSONValue)
    /// `$lt`; operand is a number, string or Date.
    case lessThan(JSONValue)
    /// `$lte`
    case lessThanOrEqualTo(JSONValue)
    /// `$gt`
    case greaterThan(JSONValue)
    /// `$gte`
    case greaterThanOrEqualTo(JSONValue)
    /// `$in`: the (scalar) field equals one of the values.
    case containedIn([JSONValue])
    /// `$nin`: the field equals none of the values (a missing field matches).
    case notContainedIn([JSONValue])
    /// `$exists`
    case exists(Bool)
    /// `$regex`: the string field matches the pattern.
    case regex(String)
    /// `$inArray`: the array field contains at least one of the values.
    case inArray([JSONValue])
    /// `$ninArray`: the array field contains none of the values (a missing field matches).
    case notInArray([JSONValue])
    /// `$all`: the array field contains every value.
    case containsAll([JSONValue])
    /// `$inQuery`: the pointer field points at an object that the sub-query returns.
    case inQuery(SubQuery)
    /// `$notInQuery` (docs/decisions/0011-extensions.md): the pointer field points at no object that the sub-query
    /// returns.
    case notInQuery(SubQuery)
    /// `$select`: the field's value equals `key` (a field or a dotted path) of some object the sub-query returns.
    case select(SubQuery, key: FieldPath)
    /// `$dontSelect` (docs/decisions/0011-extensions.md): the field's value equals `key` of no object the sub-query
    /// returns.
    case dontSelect(SubQuery, key: FieldPath)
    /// `$nearSphere`, optionally bounded by `$maxDistanceInKilometers`/`…InMiles`/`…InRadians`; results are ordered by
    /// distance unless the request gives an `order`.
    case nearSphere(GeoPoint, maximumDistance: GeoDistance?)
    /// `$within: {$box: [southwest, northeast]}`
    case withinBox(southwest: GeoPoint, northeast: GeoPoint)
}

extension FieldCondition {
    /// `$select` with a plain field as `key`: the form code that builds queries uses.
    package static func select(_ subQuery: SubQuery, key: FieldName) -> FieldCondition { .select(subQuery, key: FieldPath(key)) }

    /// `$dontSelect` with a plain field as `key`.
    package static func dontSelect(_ subQuery: SubQuery, key: FieldName) -> FieldCondition {
        .dontSelect(subQuery, key: FieldPath(key))
    }
}

/// A query nested in `$inQuery`, `$notInQuery`, `$select` or `$dontSelect`.
package struct SubQuery: Sendable, Hashable {
    /// The class it runs over (standard names for built-in classes).
    package var className: ClassName
    /// Its condition.
    package var whereQuery: WhereQuery
    /// Optional `limit` (Swift SDK sends it when set).
    package var limit: Int?
    /// Optional `skip`.
    package var skip: Int?
    /// Optional `order`.
    package var order: [SortKey]

    /// Creates a sub-query.
    package init(className: ClassName, whereQuery: WhereQuery = .all, limit: Int? = nil, skip: Int? = nil, order: [SortKey] = []) {
        self.className = className
        self.whereQuery = whereQuery
        self.limit = limit
        self.skip = skip
        self.order = order
    }
}

/// The maximum distance of a `$nearSphere` condition, in the unit the client chose.
package enum GeoDistance: Sendable, Hashable {
    /// `$maxDistanceInKilometers`
    case kilometers(Double)
    /// `$maxDistanceInMiles`
    case miles(Double)
    /// `$maxDistanceInRadians`
    case radians(Double)

    /// Mean Earth radius used to convert distances, in kilometres.
    package static let earthRadiusInKilometers = 6371.0
    /// Mean Earth radius used to convert distances, in miles.
    package static let earthRadiusInMiles = 3958.8

    /// The distance as an angle in radians on the unit sphere.
    package var radians: Double {
        switch self {
        case .kilometers(let value): value / GeoDistance.earthRadiusInKilometers
        case .miles(let value): value / GeoDistance.earthRadiusInMiles
        case .radians(let value): value
        }
    }
}
