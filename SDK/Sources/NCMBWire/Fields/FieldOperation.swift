/// What a PUT or POST body asks for one field (docs/wire/field-types.md#update-operators,
/// docs/decisions/0011-extensions.md).
package enum FieldOperation: Sendable, Hashable {
    /// Set the field to a value (plain JSON or a typed value such as a Date, Pointer or GeoPoint).
    case set(JSONValue)
    /// Clear the field: `null` or `{"__op":"Delete"}`; the field becomes JSON null.
    case delete
    /// `{"__op":"Increment","amount":n}`, integer or double.
    case increment(JSONValue)
    /// `{"__op":"Add","objects":[…]}`: append.
    case add([JSONValue])
    /// `{"__op":"AddUnique","objects":[…]}`: append the values not already present.
    case addUnique([JSONValue])
    /// `{"__op":"Remove","objects":[…]}`: remove every occurrence of the values.
    case remove([JSONValue])
    /// `{"__op":"AddRelation","objects":[Pointer…]}`
    case addRelation([Pointer])
    /// `{"__op":"RemoveRelation","objects":[Pointer…]}`
    case removeRelation([Pointer])
}
