internal import NCMBWire

/// Adds objects to a Relation field on the server: `{"__op":"AddRelation","objects":[<Pointer>…]}`.
///
/// Read the members of a relation with `NCMBQuery.relatedTo(targetClassName:objectId:key:)`.
public struct NCMBAddRelationOperator: Sendable {
    /// Pointers to the objects.
    public var elements: [NCMBPointer]

    /// Creates the operator.
    ///
    /// - Parameter elements: Pointers to the objects. Defaults to none.
    public init(elements: [NCMBPointer] = []) {
        self.elements = elements
    }

    /// The wire form.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` for a pointer without objectId.
    func json() throws(NCMBInvalidRequestError) -> JSONValue {
        var objects: [JSONValue] = []
        for pointer in elements { objects.append(try pointer.json()) }
        return ["__op": "AddRelation", "objects": .array(objects)]
    }

    /// Reads the wire form; `nil` for any other value.
    init?(json value: JSONValue) {
        guard let object = value.objectValue, object["__op"] == "AddRelation", let objects = object["objects"]?.arrayValue else {
            return nil
        }
        self.init(elements: objects.compactMap { NCMBPointer(json: $0) })
    }
}
