internal import NCMBWire

/// Appends elements to an array field on the server: `{"__op":"Add","objects":[…]}`.
///
/// The field is created as an array when it does not exist yet.
public struct NCMBAddOperator {
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
        return ["__op": "Add", "objects": .array(objects)]
    }

    /// Reads the wire form; `nil` for any other value.
    init?(json value: JSONValue) {
        guard let object = value.objectValue, object["__op"] == "Add", let objects = object["objects"]?.arrayValue else {
            return nil
        }
        self.init(elements: objects.map(FieldValueDecoder.element))
    }
}
