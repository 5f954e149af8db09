internal import NCMBWire

/// Removes every occurrence of the elements from an array field on the server: `{"__op":"Remove","objects":[…]}`.
///
/// Elements that are not in the array are ignored.
public struct NCMBRemoveOperator {
    /// The elements, of any type a field accepts (`nil` stands for JSON null).
    public var elements: [Any?]

    /// Creates the operator.
    ///
    /// - Parameter elements: The elements. Defaults to none.
    public init(elements: [Any?] = []) {
        self.elements = elements
    }

    /// The wire form.
    ///
    /// - Throws: The errors of the field value encoder for an element that cannot be sent.
    func json() throws(NCMBInvalidRequestError) -> JSONValue {
        var objects: [JSONValue] = []
        for element in elements { objects.append(try FieldValueEncoder.json(from: element)) }
        return ["__op": "Remove", "objects": .array(objects)]
    }

    /// Reads the wire form; `nil` for any other value.
    init?(json value: JSONValue) {
        guard let object = value.objectValue, object["__op"] == "Remove", let objects = object["objects"]?.arrayValue else {
            return nil
        }
        self.init(elements: objects.map(FieldValueDecoder.element))
    }
}
