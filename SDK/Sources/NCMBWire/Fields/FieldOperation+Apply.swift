extension FieldOperation {
    /// Applies the operation to a field's current value (`nil` when the field is missing) and returns the new value.
    ///
    /// Pure, and used by both storage engines inside their transactions so that they agree:
    /// - `set` gives the value and `delete` gives `null`; setting a Relation marker declares a relation, which only a
    ///   missing or `null` field, or a relation of the same class, accepts;
    /// - `increment` adds to a number (missing or `null` counts as 0); two integers give an integer, anything else a double;
    /// - `add` appends to an array (missing or `null` counts as `[]`); `addUnique` appends only values not yet present;
    ///   `remove` drops every element equal to one of the values. Equality is JSON equality with numbers compared by
    ///   value, so `1` and `1.0` are the same element;
    /// - `addRelation` and `removeRelation` give the Relation marker of the pointers' class; storage keeps the members.
    ///
    /// - Parameters:
    ///   - current: The stored value, or `nil` when the object has no such field.
    ///   - field: The field, named in error messages.
    /// - Returns: The value to store.
    /// - Throws: E400002 `"<field> is invalid."` when the operation does not fit the current value (incrementing a string,
    ///   adding to a non-array, relating objects of another class than the relation's); E400005
    ///   `"<field> is not a valid value."` when an integer increment overflows or a double one is not finite.
    package func apply(to current: JSONValue?, field: FieldName) throws(APIError) -> JSONValue {
        let invalid = APIError(.invalidType, field.rawValue)
        switch self {
        case .set(let value):
            guard case .relation(let relation) = TypedValue(value) else { return value }
            // Declaring a relation: on a missing or null field, or again on a relation of the same class (its members
            // stay); any other current value is not a relation of that class.
            switch TypedValue(current ?? .null) {
            case .null: return value
            case .relation(let existing) where existing == relation: return value
            default: throw invalid
            }
        case .delete:
            return .null
        case .increment(let amount):
            return try FieldOperation.sum(current ?? .null, amount, field: field)
        case .add(let objects):
            guard let elements = FieldOperation.elements(of: current) else { throw invalid }
            return .array(elements + objects)
        case .addUnique(let objects):
            guard var elements = FieldOperation.elements(of: current) else { throw invalid }
            // Hashed, so that a long array and many values cost their sum, not their product.
            var present = Set(elements.lazy.map(EquivalentJSON.init))
            for object in objects where present.insert(EquivalentJSON(object)).inserted {
                elements.append(object)
            }
            return .array(elements)
        case .remove(let objects):
            guard let elements = FieldOperation.elements(of: current) else { throw invalid }
            let removed = Set(objects.lazy.map(EquivalentJSON.init))
            return .array(elements.filter { !removed.contains(EquivalentJSON($0)) })
        case .addRelation(let pointers), .removeRelation(let pointers):
            guard let className = pointers.first?.className else { throw invalid }
            switch TypedValue(current ?? .null) {
            case .null: break
            case .relation(let relation) where relation.className == className: break
            default: throw invalid
            }
            return Relation(className: className).json
        }
    }

    /// The elements of an array field; `[]` for a missing or `null` field; `nil` for any other value.
    private static func elements(of current: JSONValue?) -> [JSONValue]? {
        switch current {
        case nil, .null?: []
        case .array(let elements)?: elements
        default: nil
        }
    }

    /// `current + amount` for an Increment.
    private static func sum(_ current: JSONValue, _ amount: JSONValue, field: FieldName) throws(APIError) -> JSONValue {
        switch (current, amount) {
        case (.null, _):
            return amount
        case (.integer(let left), .integer(let right)):
            let (total, overflow) = left.addingReportingOverflow(right)
            guard !overflow else { throw APIError(.invalidValue, field.rawValue) }
            return .integer(total)
        default:
            guard let left = current.numberValue, let right = amount.numberValue else {
                throw APIError(.invalidType, field.rawValue)
            }
            let total = left + right
            guard total.isFinite else { throw APIError(.invalidValue, field.rawValue) }
            return .double(total)
        }
    }
}

extension JSONValue {
    /// JSON equality in which numbers compare by value (`1` equals `1.0`) at any depth and object key order is ignored.
    package func isEquivalent(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.integer(let left), .integer(let right)):
            return left == right
        case (.integer, .double), (.double, .integer), (.double, .double):
            return numberValue == other.numberValue
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.isEquivalent(to: $1) }
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            return left.allSatisfy { key, value in right[key].map { value.isEquivalent(to: $0) } ?? false }
        default:
            return self == other
        }
    }
}

/// A JSON value that hashes and compares as ``JSONValue/isEquivalent(to:)`` does (numbers by value, object keys in any
/// order), so that `AddUnique` and `Remove` look an element up in a set instead of comparing it with every element:
/// equivalent values always hash alike.
struct EquivalentJSON: Hashable {
    let value: JSONValue

    init(_ value: JSONValue) { self.value = value }

    static func == (lhs: EquivalentJSON, rhs: EquivalentJSON) -> Bool { lhs.value.isEquivalent(to: rhs.value) }

    func hash(into hasher: inout Hasher) { EquivalentJSON.combine(value, into: &hasher) }

    private static func combine(_ value: JSONValue, into hasher: inout Hasher) {
        switch value {
        case .null:
            hasher.combine(0 as UInt8)
        case .bool(let flag):
            hasher.combine(1 as UInt8)
            hasher.combine(flag)
        case .integer(let number):
            // Integers and doubles that are equivalent compare by their `Double` value, so they hash as one.
            hasher.combine(2 as UInt8)
            hasher.combine(Double(number))
        case .double(let number):
            hasher.combine(2 as UInt8)
            hasher.combine(number)
        case .string(let text):
            hasher.combine(3 as UInt8)
            hasher.combine(text)
        case .array(let elements):
            hasher.combine(4 as UInt8)
            hasher.combine(elements.count)
            for element in elements { combine(element, into: &hasher) }
        case .object(let object):
            // Key order does not matter: the members' hashes are summed.
            hasher.combine(5 as UInt8)
            hasher.combine(object.count)
            var sum = 0
            for (key, member) in object {
                var memberHasher = Hasher()
                memberHasher.combine(key)
                combine(member, into: &memberHasher)
                sum &+= memberHasher.finalize()
            }
            hasher.combine(sum)
        }
    }
}
