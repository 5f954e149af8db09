internal import NCMBWire

/// How a Relation field reads back: `{"__type":"Relation","className":…}`, naming the class of its members.
///
/// Change the members with ``NCMBAddRelationOperator`` and ``NCMBRemoveRelationOperator``, and read them with
/// ``NCMBQuery/relatedTo(targetClassName:objectId:key:)``.
public struct NCMBRelation: Sendable, Hashable {
    /// The class of the related objects.
    public var className: String

    /// Creates a relation marker.
    ///
    /// - Parameter className: The class of the related objects.
    public init(className: String) {
        self.className = className
    }

    /// The wire form.
    var json: JSONValue { ["__type": "Relation", "className": .string(className)] }

    /// Reads the wire form; `nil` for any other value.
    init?(json value: JSONValue) {
        guard let object = value.objectValue, object["__type"] == "Relation", let className = object["className"]?.stringValue
        else { return nil }
        self.init(className: className)
    }
}
