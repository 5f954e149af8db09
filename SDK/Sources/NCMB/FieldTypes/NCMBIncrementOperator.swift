internal import NCMBWire

/// Adds to a number field on the server: `{"__op":"Increment","amount":…}`.
///
/// Use a negative amount to decrement. The server applies the operator atomically, so concurrent increments add up.
public struct NCMBIncrementOperator: Sendable {
    /// The amount, as an integer or a double.
    private enum Amount: Sendable, Hashable {
        case integer(Int)
        case double(Double)
    }

    private let storedAmount: Amount

    /// The amount to add: an `Int` or a `Double`.
    public var amount: Any {
        switch storedAmount {
        case .integer(let integer): integer
        case .double(let double): double
        }
    }

    /// Creates an integer increment.
    ///
    /// - Parameter amount: The amount to add; negative to decrement.
    public init(amount: Int) {
        storedAmount = .integer(amount)
    }

    /// Creates a floating-point increment.
    ///
    /// - Parameter amount: The amount to add; negative to decrement. It must be finite to be saved.
    public init(amount: Double) {
        storedAmount = .double(amount)
    }

    /// The wire form.
    ///
    /// - Throws: ``NCMBInvalidRequestError/invalidBodyJsonValue`` for an amount that is not finite.
    func json() throws(NCMBInvalidRequestError) -> JSONValue {
        let amountJSON: JSONValue
        switch storedAmount {
        case .integer(let integer): amountJSON = .integer(Int64(integer))
        case .double(let double):
            guard double.isFinite else { throw .invalidBodyJsonValue }
            amountJSON = .double(double)
        }
        return ["__op": "Increment", "amount": amountJSON]
    }

    /// Reads the wire form; `nil` for any other value.
    init?(json value: JSONValue) {
        guard let object = value.objectValue, object["__op"] == "Increment", let amount = object["amount"] else { return nil }
        switch amount {
        case .integer(let integer):
            guard let exact = Int(exactly: integer) else { return nil }
            self.init(amount: exact)
        case .double(let double): self.init(amount: double)
        default: return nil
        }
    }
}
