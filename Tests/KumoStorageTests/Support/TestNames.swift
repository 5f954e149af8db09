import NCMBWire

/// A name the test knows to be valid, e.g. `valid(ClassName.init, "Item")` or `valid(FieldName.init, "score")`.
func valid<Name>(_ make: (String) -> Name?, _ text: String) -> Name {
    guard let name = make(text) else { preconditionFailure("Invalid name \(text)") }
    return name
}
