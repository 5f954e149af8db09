/// A JSON value classified by its NCMB type (docs/wire/field-types.md#types): typed objects (`__type`) are recognised.
///
/// Query compilers and field operations use it so that both storage engines agree on what a value is. An object with
/// a `__type` that is malformed (a Date with a bad `iso`, a GeoPoint out of range) classifies as `.object`; validators
/// reject such values before they reach storage.
package enum TypedValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case date(WireDate)
    case pointer(Pointer)
    case geoPoint(GeoPoint)
    case relation(Relation)
    case array([JSONValue])
    case object(JSONObject)

    /// Classifies a wire value.
    package init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .integer(let integer): self = .number(Double(integer))
        case .double(let double): self = .number(double)
        case .string(let string): self = .string(string)
        case .array(let elements): self = .array(elements)
        case .object(let object):
            switch object["__type"]?.stringValue {
            case "Date":
                if let iso = object["iso"]?.stringValue, let date = WireDate(parsing: iso) {
                    self = .date(date)
                    return
                }
            case "Pointer":
                if let pointer = Pointer(json: value) {
                    self = .pointer(pointer)
                    return
                }
            case "GeoPoint":
                if let point = GeoPoint(json: value) {
                    self = .geoPoint(point)
                    return
                }
            case "Relation":
                if let text = object["className"]?.stringValue, let className = ClassName(text) {
                    self = .relation(Relation(className: className))
                    return
                }
            default: break
            }
            self = .object(object)
        }
    }

    /// The Date wire form `{"__type":"Date","iso":"…"}` for a date.
    package static func dateJSON(_ date: WireDate) -> JSONValue { ["__type": "Date", "iso": .string(date.formatted)] }
}
