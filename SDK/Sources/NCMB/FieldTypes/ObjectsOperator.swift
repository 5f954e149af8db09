internal import NCMBWire

/// An update operator whose wire form is a list of objects, `{"__op":"<name>","objects":[…]}`: the one encoding and
/// decoding of ``NCMBAddOperator``, ``NCMBAddUniqueOperator``, ``NCMBRemoveOperator``, ``NCMBAddRelationOperator`` and
/// ``NCMBRemoveRelationOperator``, which differ only by their `__op` name and by what their elements are.
protocol ObjectsOperator {
    /// What the list holds: field values for an array field, Pointers for a Relation field.
    associatedtype Element

    /// The `__op` name, e.g. `AddUnique`.
    static var operatorName: String { get }

    /// The elements to send.
    var elements: [Element] { get }

    /// Creates the operator.
    init(elements: [Element])

    /// The wire form of one element.
    static func json(of element: Element) throws(NCMBInvalidRequestError) -> JSONValue

    /// One element read from its wire form; `nil` to leave it out.
    static func element(from json: JSONValue) -> Element?
}

extension ObjectsOperator {
    /// The wire form.
    ///
    /// - Throws: The error of an element that cannot be sent (the field value encoder's errors, or
    ///   ``NCMBInvalidRequestError/emptyObjectId`` for a pointer without objectId).
    func json() throws(NCMBInvalidRequestError) -> JSONValue {
        var objects: [JSONValue] = []
        for element in elements { objects.append(try Self.json(of: element)) }
        return ["__op": .string(Self.operatorName), "objects": .array(objects)]
    }

    /// Reads the wire form; `nil` for any other value.
    init?(json value: JSONValue) {
        guard let object = value.objectValue, object["__op"]?.stringValue == Self.operatorName,
            let objects = object["objects"]?.arrayValue
        else { return nil }
        self.init(elements: objects.compactMap(Self.element(from:)))
    }
}

/// An operator on an array field: its elements are field values, `nil` standing for JSON null.
protocol ArrayFieldOperator: ObjectsOperator where Element == Any? {}

extension ArrayFieldOperator {
    static func json(of element: Any?) throws(NCMBInvalidRequestError) -> JSONValue {
        try FieldValueEncoder.json(from: element)
    }

    /// The element as ncmb_swift holds it (JSON null becomes a `nil` element, which is kept).
    static func element(from json: JSONValue) -> Any?? {
        .some(FieldValueDecoder.element(json))
    }
}

/// An operator on a Relation field: its elements are Pointers; a value that is not a Pointer is left out when read.
protocol RelationFieldOperator: ObjectsOperator where Element == NCMBPointer {}

extension RelationFieldOperator {
    static func json(of pointer: NCMBPointer) throws(NCMBInvalidRequestError) -> JSONValue {
        try pointer.json()
    }

    static func element(from json: JSONValue) -> NCMBPointer? {
        NCMBPointer(json: json)
    }
}
