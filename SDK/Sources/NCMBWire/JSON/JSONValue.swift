/// A JSON value as it travels on the NCMB wire.
///
/// Integers and floating-point numbers are kept apart so that `1` and `1.0` round-trip exactly as sent.
/// Equality is structural: `.integer(1)` and `.double(1)` differ; use ``numberValue`` to compare numerically.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue {
    /// The string payload, or `nil` for any other kind of value.
    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean payload, or `nil` for any other kind of value.
    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The numeric payload as a `Double` for both integers and doubles, or `nil` otherwise.
    package var numberValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The integer payload; a double is accepted only when it holds a whole number.
    package var integerValue: Int64? {
        switch self {
        case .integer(let value): return value
        case .double(let value):
            guard value.rounded() == value, let exact = Int64(exactly: value) else { return nil }
            return exact
        default: return nil
        }
    }

    /// The array payload, or `nil` for any other kind of value.
    package var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object payload, or `nil` for any other kind of value.
    package var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether the value is JSON `null`.
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Whether the value is a number (integer or double).
    package var isNumber: Bool { numberValue != nil }

    /// A short name of the value's kind, used in error messages and logs.
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    package init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    package init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    package init(integerLiteral value: Int64) { self = .integer(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    package init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact wire serialization.
    package var description: String { serializedString() }
}
