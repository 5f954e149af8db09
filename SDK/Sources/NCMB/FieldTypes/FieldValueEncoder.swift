import Foundation
internal import NCMBWire

/// Turns the values an app assigns to fields and query conditions into wire JSON (docs/wire/field-types.md).
///
/// Accepts what ncmb_swift accepts, at any depth: `String`, `Bool`, integers, `Double` and `Float`, `Date`, `nil` and
/// `NSNull`, arrays, `[String: Any]` dictionaries, the SDK's field types and operators, and saved objects (which become
/// Pointers).
enum FieldValueEncoder {
    /// The wire form of `value`.
    ///
    /// - Throws: ``NCMBInvalidRequestError/invalidBodyJsonValue`` for a number that is not finite, an integer beyond 64
    ///   bits or a value of an unknown type; ``NCMBInvalidRequestError/emptyObjectId`` for an unsaved object or a pointer
    ///   without objectId.
    static func json(from value: Any?) throws(NCMBInvalidRequestError) -> JSONValue {
        guard let value = unwrapped(value) else { return .null }
        if value is NSNull { return .null }
        if let json = try typedJSON(value) { return json }
        if let json = try scalarJSON(value) { return json }
        if let dictionary = value as? [String: Any] {
            var object = JSONObject()
            for key in dictionary.keys.sorted() { object[key] = try json(from: dictionary[key]) }
            return .object(object)
        }
        if let array = value as? [Any] {
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count)
            for element in array { elements.append(try json(from: element)) }
            return .array(elements)
        }
        throw .invalidBodyJsonValue
    }

    /// Removes any levels of `Optional` wrapped inside `Any`; `nil` when one of them is empty.
    private static func unwrapped(_ value: Any?) -> Any? {
        guard let value else { return nil }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        guard let wrapped = mirror.children.first else { return nil }
        return unwrapped(wrapped.value)
    }

    /// The wire form of the SDK's field types, operators and objects, and of `Date`; `nil` for anything else.
    private static func typedJSON(_ value: Any) throws(NCMBInvalidRequestError) -> JSONValue? {
        switch value {
        case let date as Date: return try NCMBDateField.json(date)
        case let dateField as NCMBDateField: return try NCMBDateField.json(dateField.date)
        case let pointer as NCMBPointer: return try pointer.json()
        case let geoPoint as NCMBGeoPoint: return try geoPoint.json()
        case let relation as NCMBRelation: return relation.json
        case let object as NCMBBase: return try object.pointerJSON()
        case let increment as NCMBIncrementOperator: return try increment.json()
        case let objectsOperator as any ObjectsOperator: return try objectsOperator.json()
        case let acl as NCMBACL: return acl.json
        default: return nil
        }
    }

    /// The wire form of strings, booleans and numbers; `nil` for anything else.
    ///
    /// Exact dynamic types are checked before `NSNumber`, because on Apple platforms any number casts to `Bool`.
    private static func scalarJSON(_ value: Any) throws(NCMBInvalidRequestError) -> JSONValue? {
        if let string = value as? String { return .string(string) }
        if let substring = value as? Substring { return .string(String(substring)) }
        let type = type(of: value)
        if type == Bool.self, let flag = value as? Bool { return .bool(flag) }
        if let integer = try integerJSON(value, type: type) { return integer }
        if type == Double.self, let double = value as? Double { return try finite(double) }
        if type == Float.self, let float = value as? Float { return try finite(Double(float)) }
        if let number = value as? NSNumber { return try numberJSON(number) }
        return nil
    }

    /// The wire form of a native Swift integer of any width; `nil` for other types.
    private static func integerJSON(_ value: Any, type: Any.Type) throws(NCMBInvalidRequestError) -> JSONValue? {
        let integer: Int64?
        switch value {
        case let number as Int where type == Int.self: integer = Int64(number)
        case let number as Int64 where type == Int64.self: integer = number
        case let number as Int32 where type == Int32.self: integer = Int64(number)
        case let number as Int16 where type == Int16.self: integer = Int64(number)
        case let number as Int8 where type == Int8.self: integer = Int64(number)
        case let number as UInt where type == UInt.self: integer = Int64(exactly: number)
        case let number as UInt64 where type == UInt64.self: integer = Int64(exactly: number)
        case let number as UInt32 where type == UInt32.self: integer = Int64(number)
        case let number as UInt16 where type == UInt16.self: integer = Int64(number)
        case let number as UInt8 where type == UInt8.self: integer = Int64(number)
        default: return nil
        }
        guard let integer else { throw .invalidBodyJsonValue }
        return .integer(integer)
    }

    /// The wire form of an `NSNumber`, as `JSONSerialization` produces them: a boolean, a double or an integer.
    private static func numberJSON(_ number: NSNumber) throws(NCMBInvalidRequestError) -> JSONValue {
        switch String(cString: number.objCType) {
        case "c", "B": return .bool(number.boolValue)
        case "f", "d": return try finite(number.doubleValue)
        default: return .integer(number.int64Value)
        }
    }

    /// A double as JSON; JSON has no NaN or infinity.
    private static func finite(_ double: Double) throws(NCMBInvalidRequestError) -> JSONValue {
        guard double.isFinite else { throw .invalidBodyJsonValue }
        return .double(double)
    }
}
