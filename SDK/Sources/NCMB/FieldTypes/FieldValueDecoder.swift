import Foundation
internal import NCMBWire

/// Turns wire JSON back into the values an app reads from fields, as ncmb_swift returns them.
///
/// At the top level of a field, typed values become the SDK's types: Dates become `Date`, Pointers ``NCMBPointer``,
/// GeoPoints ``NCMBGeoPoint``, Relations ``NCMBRelation`` and operators the operator types. Other values become
/// `String`, `Bool`, `Int`, `Double`, `[Any]`, `[String: Any]` or `NSNull`, with typed values inside them left as
/// dictionaries, as ncmb_swift leaves them. Numbers convert to any requested numeric type that holds them exactly.
enum FieldValueDecoder {
    /// The value of a field as `T`; `nil` when it is not a `T`.
    static func value<T>(_ json: JSONValue, as type: T.Type = T.self) -> T? {
        // Unwrap before casting: an `Optional<Any>` would itself cast to `Any`.
        if let typed = typedValue(json), let value = typed as? T { return value }
        if T.self == NCMBDateField.self, let dateField = NCMBDateField(json: json) { return dateField as? T }
        if let number: T = numericValue(json) { return number }
        return nativeValue(json) as? T
    }

    /// The SDK type of a typed top-level value; `nil` for a plain value.
    static func typedValue(_ json: JSONValue) -> Any? {
        guard let object = json.objectValue else { return nil }
        if object["__op"] != nil { return operatorValue(json) }
        switch object["__type"]?.stringValue {
        case "Date": return NCMBDateField(json: json)?.date
        case "Pointer", "Object": return NCMBPointer(json: json)
        case "GeoPoint": return NCMBGeoPoint(json: json)
        case "Relation": return NCMBRelation(json: json)
        default: return nil
        }
    }

    /// The operator an `{"__op":…}` value stands for; `nil` for an unknown operator.
    private static func operatorValue(_ json: JSONValue) -> Any? {
        if let increment = NCMBIncrementOperator(json: json) { return increment }
        let objectsOperators: [any ObjectsOperator.Type] = [
            NCMBAddOperator.self, NCMBAddUniqueOperator.self, NCMBRemoveOperator.self, NCMBAddRelationOperator.self,
            NCMBRemoveRelationOperator.self,
        ]
        for objectsOperator in objectsOperators {
            if let value = objectsOperator.init(json: json) { return value }
        }
        return nil
    }

    /// A number converted to the numeric type `T` when it holds the value exactly; `nil` otherwise.
    private static func numericValue<T>(_ json: JSONValue) -> T? {
        guard let double = json.numberValue else { return nil }
        let integer = json.integerValue
        switch T.self {
        case is Int.Type: return integer.flatMap { Int(exactly: $0) } as? T
        case is Int64.Type: return integer as? T
        case is Int32.Type: return integer.flatMap { Int32(exactly: $0) } as? T
        case is UInt.Type: return integer.flatMap { UInt(exactly: $0) } as? T
        case is Double.Type: return double as? T
        case is Float.Type: return Float(double) as? T
        default: return nil
        }
    }

    /// The plain Swift form of a value: `NSNull`, `Bool`, `Int` (or `Int64`), `Double`, `String`, `[Any]`, `[String: Any]`.
    static func nativeValue(_ json: JSONValue) -> Any {
        switch json {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .integer(let integer): return Int(exactly: integer) ?? integer
        case .double(let double): return double
        case .string(let string): return string
        case .array(let elements): return elements.map(nativeValue)
        case .object(let object):
            var dictionary: [String: Any] = [:]
            for (key, value) in object { dictionary[key] = nativeValue(value) }
            return dictionary
        }
    }

    /// The element of an operator's `objects` list as ncmb_swift holds it: `nil` for JSON null.
    static func element(_ json: JSONValue) -> Any? {
        json.isNull ? nil : (typedValue(json) ?? nativeValue(json))
    }
}
