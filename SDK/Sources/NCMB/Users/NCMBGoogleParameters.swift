internal import NCMBWire

/// The credentials of Google Sign-In: `{"id","access_token"}`.
public struct NCMBGoogleParameters: NCMBSnsInfoProtocol, Sendable {
    /// The Google user identifier.
    public var id: String
    /// The access (or ID) token.
    public var accessToken: String

    /// Creates the parameters.
    ///
    /// - Parameters:
    ///   - id: The Google user identifier.
    ///   - accessToken: The access (or ID) token.
    public init(id: String, accessToken: String) {
        self.id = id
        self.accessToken = accessToken
    }

    var type: NCMBSNSType { .google }

    func json() -> JSONValue {
        ["id": .string(id), "access_token": .string(accessToken)]
    }
}
