/// Removes objects from a Relation field on the server: `{"__op":"RemoveRelation","objects":[<Pointer>…]}`.
///
/// Read the members of a relation with `NCMBQuery.relatedTo(targetClassName:objectId:key:)`.
public struct NCMBRemoveRelationOperator: Sendable {
    /// Pointers to the objects.
    public var elements: [NCMBPointer]

    /// Creates the operator.
    ///
    /// - Parameter elements: Pointers to the objects. Defaults to none.
    public init(elements: [NCMBPointer] = []) { self.elements = elements }
}

extension NCMBRemoveRelationOperator: RelationFieldOperator {
    static let operatorName = "RemoveRelation"
}
