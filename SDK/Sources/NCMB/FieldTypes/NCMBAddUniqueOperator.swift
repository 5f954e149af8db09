/// Appends to an array field the elements it does not hold yet: `{"__op":"AddUnique","objects":[…]}`.
///
/// Elements already in the array, or repeated in the list, are added once.
public struct NCMBAddUniqueOperator {
    /// The elements, of any type a field accepts (`nil` stands for JSON null).
    public var elements: [Any?]

    /// Creates the operator.
    ///
    /// - Parameter elements: The elements. Defaults to none.
    public init(elements: [Any?] = []) { self.elements = elements }
}

extension NCMBAddUniqueOperator: ArrayFieldOperator {
    static let operatorName = "AddUnique"
}
