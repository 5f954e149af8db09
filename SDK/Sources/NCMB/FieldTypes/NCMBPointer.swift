internal import NCMBWire

/// A Pointer field: a reference to another object, `{"__type":"Pointer","className":…,"objectId":…}`.
public struct NCMBPointer: Sendable, Hashable {
    /// The class of the object pointed at (`user`, `role`, `installation` for the standard classes).
    public var className: String
    /// The objectId of the object pointed at.
    public var objectId: String

    /// Creates a pointer.
    ///
    /// - Parameters:
    ///   - className: The class of the object pointed at.
    ///   - objectId: The objectId of the object pointed at.
    public init(className: String, objectId: String) {
        self.className = className
        self.objectId = objectId
    }

    /// Creates a pointer to a saved object; `nil` when the object has no objectId yet.
    ///
    /// - Parameter dataobject: The object pointed at: an ``NCMBObject``, ``NCMBUser``, ``NCMBRole`` or any other
    ///   ``NCMBBase``.
    public init?(dataobject: NCMBBase) {
        guard let objectId = dataobject.objectId else { return nil }
        self.init(className: dataobject.className, objectId: objectId)
    }

    /// The wire form.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` when the pointer has no objectId.
    func json() throws(NCMBInvalidRequestError) -> JSONValue {
        guard !objectId.isEmpty else { throw .emptyObjectId }
        return ["__type": "Pointer", "className": .string(className), "objectId": .string(objectId)]
    }

    /// Reads the wire form, or the object an `include` expanded in its place; `nil` for any other value.
    init?(json value: JSONValue) {
        guard let object = value.objectValue, object["__type"] == "Pointer" || object["__type"] == "Object",
            let className = object["className"]?.stringValue,
            let objectId = object["objectId"]?.stringValue
        else { return nil }
        self.init(className: className, objectId: objectId)
    }
}
