import Foundation
package import NCMBWire

/// A `where` evaluated in memory on one stored object, with the semantics of ``QueryCompiler``
/// (docs/wire/query-operators.md): the realtime module decides with it whether an object is in a subscription
/// (docs/decisions/0092-where-in-memory.md).
///
/// It follows the SQL the compiler writes, clause by clause: type-aware equality (docs/decisions/0016-type-aware-equality.md),
/// comparisons only between values of one kind, strings compared byte by byte as both engines do (`COLLATE "C"`),
/// `null` matching a missing field, negations (`$ne`, `$nin`, `$ninArray`) matching missing fields, `$regex` with
/// SQLite's regular expressions (ICU), great-circle distances for `$nearSphere`. The storage conformance corpus proves
/// it against SQLite: for every case, the matcher and the query agree.
///
/// Sub-queries (`$inQuery`, `$notInQuery`, `$select`, `$dontSelect`) and `$relatedTo` read other objects; the matcher
/// refuses them (``init(_:)`` throws), and so does a subscription.
package struct WhereMatcher: Sendable {
    /// An operator the matcher does not evaluate: its wire name.
    package struct UnsupportedOperator: Error, Sendable, Hashable {
        /// `$inQuery`, `$notInQuery`, `$select`, `$dontSelect` or `$relatedTo`.
        package var name: String

        /// Names the refused operator.
        package init(name: String) { self.name = name }
    }

    /// The query.
    package let query: WhereQuery
    /// The longest a `$regex` may work on one value before it counts as no match (a pattern such as `(.*a){20}` can
    /// backtrack for minutes).
    private let regexBudget: Duration

    /// Creates a matcher.
    ///
    /// - Throws: ``UnsupportedOperator`` for sub-queries and `$relatedTo`.
    package init(_ query: WhereQuery, regexBudget: Duration = .milliseconds(10)) throws(UnsupportedOperator) {
        try WhereMatcher.check(query)
        self.query = query
        self.regexBudget = regexBudget
    }

    /// Whether `object` satisfies the query.
    package func matches(_ object: StoredObject) -> Bool {
        matches(query, object)
    }

    /// Whether `object` satisfies the query, working at most until `budget`'s deadline: past it the evaluation stops
    /// and sets `budget.isExhausted`, and its answer means nothing.
    package func matches(_ object: StoredObject, within budget: MatchBudget) -> Bool {
        MatchBudget.$current.withValue(budget) { matches(query, object) }
    }

    private static func check(_ query: WhereQuery) throws(UnsupportedOperator) {
        for clause in query.clauses {
            switch clause {
            case .relatedTo:
                throw UnsupportedOperator(name: "$relatedTo")
            case .or(let alternatives), .and(let alternatives):
                for alternative in alternatives { try check(alternative) }
            case .field(_, let conditions):
                for condition in conditions {
                    switch condition {
                    case .inQuery: throw UnsupportedOperator(name: "$inQuery")
                    case .notInQuery: throw UnsupportedOperator(name: "$notInQuery")
                    case .select: throw UnsupportedOperator(name: "$select")
                    case .dontSelect: throw UnsupportedOperator(name: "$dontSelect")
                    default: continue
                    }
                }
            }
        }
    }

    // MARK: Clauses

    /// What a condition applies to, as ``QueryCompiler/FieldTarget``.
    private enum Target {
        /// The values a path reaches (``WhereMatcher/values(below:keys:)``), empty when none, and the value at the literal
        /// path (positions read arrays only), which geo conditions read as the compiler's direct reference does.
        case json([JSONValue], literal: JSONValue?)
        /// The `objectId` text.
        case text(String)
        /// `createDate` or `updateDate` in milliseconds.
        case date(Int64)
    }

    private func matches(_ query: WhereQuery, _ object: StoredObject) -> Bool {
        query.clauses.allSatisfy { clause in
            switch clause {
            case .field(let field, let conditions):
                let target = WhereMatcher.target(of: field, in: object)
                return conditions.allSatisfy { matches($0, target) }
            case .or(let alternatives):
                return alternatives.contains { matches($0, object) }
            case .and(let parts):
                return parts.allSatisfy { matches($0, object) }
            case .relatedTo:
                return false
            }
        }
    }

    private static func target(of path: FieldPath, in object: StoredObject) -> Target {
        if !path.isDotted {
            switch path.root {
            case .objectId: return .text(object.objectId)
            case .createDate: return .date(object.createDate.millisecondsSince1970)
            case .updateDate: return .date(object.updateDate.millisecondsSince1970)
            default: break
            }
        }
        let start: JSONValue? = path.root == .acl ? object.acl.json : object.fields[path.root.rawValue]
        let literal = path.keys.reduce(start) { value, key in
            switch (value, key) {
            case (.object(let object)?, .name(let name)): object[name]
            case (.array(let elements)?, .index(let index)): index < elements.count ? elements[index] : nil
            default: nil
            }
        }
        return .json(values(below: start.map { [$0] } ?? [], keys: path.keys), literal: literal)
    }

    /// The values the keys reach from `values`, as the compiler's walk finds them (docs/decisions/0104-dotted-paths.md):
    /// a key of an object, or of each object element of an array; a position of an array, or the key of those digits
    /// of an object.
    static func values(below values: [JSONValue], keys: [FieldPath.Key]) -> [JSONValue] {
        var reached = values
        for key in keys {
            reached = reached.flatMap { value -> [JSONValue] in
                switch (value, key) {
                case (.object(let object), .name(let name)):
                    return object[name].map { [$0] } ?? []
                case (.array(let elements), .name(let name)):
                    return elements.compactMap { $0.objectValue?[name] }
                case (.object(let object), .index(let index)):
                    return object[String(index)].map { [$0] } ?? []
                case (.array(let elements), .index(let index)):
                    return index < elements.count ? [elements[index]] : []
                default:
                    return []
                }
            }
        }
        return reached
    }

    /// Whether one reached value, or (with `expandsArrays`) one element of a reached array, satisfies `holds`.
    private static func anyValue(_ values: [JSONValue], expandsArrays: Bool, _ holds: (JSONValue) -> Bool) -> Bool {
        values.contains { value in
            if holds(value) { return true }
            guard expandsArrays, case .array(let elements) = value else { return false }
            return elements.contains(where: holds)
        }
    }

    private func matches(_ condition: FieldCondition, _ target: Target) -> Bool {
        guard MatchBudget.charge() else { return false }
        return switch condition {
        case .equalTo(let value): WhereMatcher.equals(target, value)
        case .notEqualTo(let value): !WhereMatcher.equals(target, value)
        case .lessThan(let value): WhereMatcher.compare(target, value) { $0 < 0 }
        case .lessThanOrEqualTo(let value): WhereMatcher.compare(target, value) { $0 <= 0 }
        case .greaterThan(let value): WhereMatcher.compare(target, value) { $0 > 0 }
        case .greaterThanOrEqualTo(let value): WhereMatcher.compare(target, value) { $0 >= 0 }
        case .containedIn(let values): WhereMatcher.containedIn(target, values)
        case .notContainedIn(let values): !WhereMatcher.containedIn(target, values)
        case .exists(let isPresent): WhereMatcher.exists(target) == isPresent
        case .regex(let pattern): regex(target, pattern)
        case .inArray(let values): WhereMatcher.arrayContainsAny(target, values)
        case .notInArray(let values): !WhereMatcher.arrayContainsAny(target, values)
        case .containsAll(let values): WhereMatcher.arrayContainsAll(target, values)
        case .nearSphere(let point, let maximumDistance): WhereMatcher.near(target, point, maximumDistance)
        case .withinBox(let southwest, let northeast): WhereMatcher.within(target, southwest, northeast)
        case .inQuery, .notInQuery, .select, .dontSelect: false
        }
    }

    // MARK: Scalars

    private static func equals(_ target: Target, _ value: JSONValue) -> Bool {
        switch target {
        case .text(let text):
            guard let operand = value.stringValue else { return false }
            return sameBytes(text, operand)
        case .date(let milliseconds):
            guard let date = QueryCompiler.date(from: value) else { return false }
            return milliseconds == date.millisecondsSince1970
        case .json(let values, _):
            guard value != .null else { return values.isEmpty || anyValue(values, expandsArrays: true) { $0 == .null } }
            return anyValue(values, expandsArrays: true) { jsonEquals($0, value) }
        }
    }

    /// Type-aware equality of a stored value (`nil`: missing) with an operand, as ``QueryCompiler/appendJSONEquals(_:_:)``.
    static func jsonEquals(_ stored: JSONValue?, _ value: JSONValue) -> Bool {
        switch TypedValue(value) {
        case .null:
            return stored == nil || stored == .null
        case .bool(let flag):
            guard case .bool(let storedFlag)? = stored else { return false }
            return storedFlag == flag
        case .number:
            guard let stored, stored.isNumber else { return false }
            return numericOrder(stored, value) == 0
        case .string(let text):
            guard case .string(let storedText)? = stored else { return false }
            return sameBytes(storedText, text)
        case .date(let date):
            guard let iso = dateText(stored) else { return false }
            return sameBytes(iso, date.formatted)
        case .pointer(let pointer):
            guard let object = stored?.objectValue, typeName(of: object) == "Pointer",
                case .string(let className)? = object["className"], case .string(let objectId)? = object["objectId"]
            else { return false }
            return sameBytes(className, pointer.className.rawValue) && sameBytes(objectId, pointer.objectId)
        case .geoPoint(let point):
            guard let (latitude, longitude) = coordinates(stored) else { return false }
            return latitude == point.latitude && longitude == point.longitude
        case .relation:
            return false
        case .array:
            guard case .array? = stored, let stored else { return false }
            return stored.serializedString() == value.serializedString()
        case .object:
            guard case .object? = stored, let stored else { return false }
            return stored.serializedString() == value.serializedString()
        }
    }

    /// `$lt`…`$gte`: numbers with numbers, strings with strings (bytes), Dates with Dates (their `iso` text); anything
    /// else is false.
    private static func compare(_ target: Target, _ value: JSONValue, _ holds: (Int) -> Bool) -> Bool {
        switch target {
        case .text(let text):
            guard let operand = value.stringValue else { return false }
            return holds(byteOrder(text, operand))
        case .date(let milliseconds):
            guard let date = QueryCompiler.date(from: value) else { return false }
            let operand = date.millisecondsSince1970
            return holds(milliseconds < operand ? -1 : milliseconds == operand ? 0 : 1)
        case .json(let values, _):
            return anyValue(values, expandsArrays: true) { stored in
                switch TypedValue(value) {
                case .number:
                    guard stored.isNumber else { return false }
                    return holds(numericOrder(stored, value))
                case .string(let text):
                    guard case .string(let storedText) = stored else { return false }
                    return holds(byteOrder(storedText, text))
                case .date(let date):
                    guard let iso = dateText(stored) else { return false }
                    return holds(byteOrder(iso, date.formatted))
                default:
                    return false
                }
            }
        }
    }

    /// `$in`: numbers by value, strings by bytes, anything else by type-aware equality.
    private static func containedIn(_ target: Target, _ values: [JSONValue]) -> Bool {
        switch target {
        case .text(let text):
            return values.contains { $0.stringValue.map { sameBytes(text, $0) } ?? false }
        case .date(let milliseconds):
            return values.contains { QueryCompiler.date(from: $0)?.millisecondsSince1970 == milliseconds }
        case .json(let stored, _):
            let present = values.filter { $0 != .null }
            if present.count < values.count, equals(target, .null) { return true }
            return anyValue(stored, expandsArrays: true) { stored in
                present.contains { value in
                    // An exhausted budget stops the search (its answer is discarded).
                    guard MatchBudget.charge() else { return true }
                    if value.isNumber { return stored.isNumber && numericOrder(stored, value) == 0 }
                    if let text = value.stringValue {
                        guard case .string(let storedText) = stored else { return false }
                        return sameBytes(storedText, text)
                    }
                    return jsonEquals(stored, value)
                }
            }
        }
    }

    /// `$exists`: a value is reached (a key present, even with a `null` value); `objectId` and the dates always are.
    private static func exists(_ target: Target) -> Bool {
        guard case .json(let values, _) = target else { return true }
        return !values.isEmpty
    }

    private func regex(_ target: Target, _ pattern: String) -> Bool {
        switch target {
        case .date: return false
        case .text(let text): return matchesExpression(pattern, text)
        case .json(let values, _):
            return WhereMatcher.anyValue(values, expandsArrays: true) { stored in
                guard case .string(let text) = stored else { return false }
                return matchesExpression(pattern, text)
            }
        }
    }

    /// ICU's regular expressions (SQLite's `regexp`, docs/decisions/0017-regex-dialect-per-engine.md); an invalid
    /// pattern matches nothing, and a match that works longer than ``regexBudget`` (or past the evaluation's
    /// ``MatchBudget``, which it then exhausts) counts as none.
    private func matchesExpression(_ pattern: String, _ subject: String) -> Bool {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: []) else { return false }
        let range = NSRange(subject.startIndex..<subject.endIndex, in: subject)
        let budget = MatchBudget.current
        budget?.countRegexEvaluation()
        let deadline = min(ContinuousClock.now + regexBudget, budget?.deadline ?? .now + regexBudget)
        var matched = false
        expression.enumerateMatches(in: subject, options: [.reportProgress], range: range) { result, _, stop in
            if result != nil {
                matched = true
                stop.pointee = true
            } else if ContinuousClock.now > deadline {
                budget?.exhaust()
                stop.pointee = true
            }
        }
        return matched
    }

    // MARK: Arrays

    private static func arrayContainsAny(_ target: Target, _ values: [JSONValue]) -> Bool {
        guard case .json(let stored, _) = target, !values.isEmpty else { return false }
        return anyValue(stored, expandsArrays: false) { stored in
            guard case .array(let elements) = stored else { return false }
            return elements.contains { element in values.contains { MatchBudget.charge() ? jsonEquals(element, $0) : true } }
        }
    }

    private static func arrayContainsAll(_ target: Target, _ values: [JSONValue]) -> Bool {
        guard case .json(let stored, _) = target else { return false }
        return anyValue(stored, expandsArrays: false) { stored in
            guard case .array(let elements) = stored else { return false }
            return values.allSatisfy { value in elements.contains { MatchBudget.charge() ? jsonEquals($0, value) : true } }
        }
    }

    // MARK: Geo

    private static func near(_ target: Target, _ point: GeoPoint, _ maximumDistance: GeoDistance?) -> Bool {
        guard case .json(_, let literal) = target, let (latitude, longitude) = coordinates(literal) else { return false }
        guard let maximumDistance else { return true }
        let distance = GreatCircle.distance(
            latitude: latitude, longitude: longitude, toLatitude: point.latitude, toLongitude: point.longitude)
        return distance <= maximumDistance.radians
    }

    private static func within(_ target: Target, _ southwest: GeoPoint, _ northeast: GeoPoint) -> Bool {
        guard case .json(_, let literal) = target, let (latitude, longitude) = coordinates(literal) else { return false }
        guard latitude >= southwest.latitude && latitude <= northeast.latitude else { return false }
        if southwest.longitude <= northeast.longitude {
            return longitude >= southwest.longitude && longitude <= northeast.longitude
        }
        return longitude >= southwest.longitude || longitude <= northeast.longitude
    }

    // MARK: Typed values

    /// `__type` when it is a string.
    private static func typeName(of object: JSONObject) -> String? {
        guard case .string(let name)? = object["__type"] else { return nil }
        return name
    }

    /// The `iso` text of a Date value (`__type` `Date` with a string `iso`), else `nil`.
    private static func dateText(_ stored: JSONValue?) -> String? {
        guard let object = stored?.objectValue, typeName(of: object) == "Date", case .string(let iso)? = object["iso"] else {
            return nil
        }
        return iso
    }

    /// The coordinates of a GeoPoint value (`__type` `GeoPoint` with numeric coordinates), else `nil`.
    private static func coordinates(_ stored: JSONValue?) -> (Double, Double)? {
        guard let object = stored?.objectValue, typeName(of: object) == "GeoPoint",
            let latitude = object["latitude"]?.numberValue, let longitude = object["longitude"]?.numberValue
        else { return nil }
        return (latitude, longitude)
    }

    /// -1, 0 or 1 comparing two numbers as SQLite does: integers exactly, otherwise as doubles.
    private static func numericOrder(_ left: JSONValue, _ right: JSONValue) -> Int {
        if case .integer(let a) = left, case .integer(let b) = right { return a < b ? -1 : a == b ? 0 : 1 }
        let a = left.numberValue ?? 0
        let b = right.numberValue ?? 0
        return a < b ? -1 : a == b ? 0 : 1
    }

    /// Byte equality of the UTF-8 forms (Swift's `==` would equate canonically equivalent strings; SQL does not).
    private static func sameBytes(_ left: String, _ right: String) -> Bool {
        left.utf8.elementsEqual(right.utf8)
    }

    /// -1, 0 or 1 comparing the UTF-8 bytes (`COLLATE "C"` on PostgreSQL, `BINARY` on SQLite).
    private static func byteOrder(_ left: String, _ right: String) -> Int {
        if left.utf8.elementsEqual(right.utf8) { return 0 }
        return left.utf8.lexicographicallyPrecedes(right.utf8) ? -1 : 1
    }
}
