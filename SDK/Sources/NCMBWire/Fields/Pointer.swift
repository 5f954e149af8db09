/// `{"__type":"Pointer","className":"food","objectId":"7FrmPTBKSNtVjajm"}` (docs/wire/field-types.md#types).
package struct Pointer: Sendable, Hashable {
    /// The target's class (standard names for built-in classes).
    package var className: ClassName
    /// The target's objectId.
    package var objectId: String

    /// Creates a pointer.
    package init(className: ClassName, objectId: String) {
        self.className = className
        self.objectId = objectId
    }

    /// The wire form.
    package var json: JSONValue {
        ["__type": "Pointer", "className": .string(className.rawValue), "objectId": .string(objectId)]
    }

    /// Reads the wire form; `nil` when `value` is not a well-formed pointer.
    package init?(json value: JSONValue) {
        guard let object = value.objectValue, object["__type"] == "Pointer",
            let classText = object["className"]?.stringValue, let className = ClassName(classText),
            let objectId = object["objectId"]?.stringValue, !objectId.isEmpty
        else { return nil }
        self.init(className: className, objectId: objectId)
    }
}
