internal import NCMBWire

/// Appends to an array field the elements it does not hold yet: `{"__op":"AddUnique","objects":[…]}`.
///
/// Elements already in the array, or repeated in the list, are added once.
public struct NCMBAddUniqueOperator {
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
        return ["__op": "AddUnique", "objects": .array(objects)]
    }

    /// Reads the wire form; `nil` for any other value.
    init?(json value: JSONValue) {
        guard let object = value.objectValue, object["__op"] == "AddUnique", let objects = object["objects"]?.arrayValue else {
            return nil
        }
        self.init(elements: objects.map(FieldValueDecoder.element))
    }
}
