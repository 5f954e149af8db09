internal import NCMBWire

/// The parameters of one SNS provider, as they travel in `authData` (docs/wire/endpoints/users.md).
protocol NCMBSnsInfoProtocol {
    /// The provider, the key of the parameters in `authData`.
    var type: NCMBSNSType { get }

    /// The provider's `authData` value.
    func json() throws(NCMBInvalidRequestError) -> JSONValue
}

extension NCMBSnsInfoProtocol {
    /// `{"<provider>":{…}}`: the `authData` of these parameters alone.
    func authData() throws(NCMBInvalidRequestError) -> JSONObject {
        [type.rawValue: try json()]
    }
}
