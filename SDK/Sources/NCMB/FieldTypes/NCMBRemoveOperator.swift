/// Removes every occurrence of the elements from an array field on the server: `{"__op":"Remove","objects":[…]}`.
///
/// Elements that are not in the array are ignored.
public struct NCMBRemoveOperator {
    /// The elements, of any type a field accepts (`nil` stands for JSON null).
    public var elements: [Any?]

    /// Creates the operator.
    ///
    /// - Parameter elements: The elements. Defaults to none.
    public init(elements: [Any?] = []) { self.elements = elements }
}

extension NCMBRemoveOperator: ArrayFieldOperator {
    static let operatorName = "Remove"
}
