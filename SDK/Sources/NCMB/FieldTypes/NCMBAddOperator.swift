/// Appends elements to an array field on the server: `{"__op":"Add","objects":[…]}`.
///
/// The field is created as an array when it does not exist yet.
public struct NCMBAddOperator {
    /// The elements, of any type a field accepts (`nil` stands for JSON null).
    public var elements: [Any?]

    /// Creates the operator.
    ///
    /// - Parameter elements: The elements. Defaults to none.
    public init(elements: [Any?] = []) { self.elements = elements }
}

extension NCMBAddOperator: ArrayFieldOperator {
    static let operatorName = "Add"
}
