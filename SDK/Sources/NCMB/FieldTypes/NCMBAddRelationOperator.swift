/// Adds objects to a Relation field on the server: `{"__op":"AddRelation","objects":[<Pointer>…]}`.
///
/// Read the members of a relation with `NCMBQuery.relatedTo(targetClassName:objectId:key:)`.
public struct NCMBAddRelationOperator: Sendable {
    /// Pointers to the objects.
    public var elements: [NCMBPointer]

    /// Creates the operator.
    ///
    /// - Parameter elements: Pointers to the objects. Defaults to none.
    public init(elements: [NCMBPointer] = []) { self.elements = elements }
}

extension NCMBAddRelationOperator: RelationFieldOperator {
    static let operatorName = "AddRelation"
}
