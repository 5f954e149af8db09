public import Foundation
internal import NCMBWire

/// The credentials of Facebook Login: `{"id","access_token","expiration_date":{"__type":"Date","iso":…}}`.
public struct NCMBFacebookParameters: NCMBSnsInfoProtocol, Sendable {
    /// The Facebook user identifier.
    public var id: String
    /// The access token.
    public var accessToken: String
    /// When the access token expires.
    public var expirationDate: Date

    /// Creates the parameters.
    ///
    /// - Parameters:
    ///   - id: The Facebook user identifier.
    ///   - accessToken: The access token.
    ///   - expirationDate: When the access token expires.
    public init(id: String, accessToken: String, expirationDate: Date) {
        self.id = id
        self.accessToken = accessToken
        self.expirationDate = expirationDate
    }

    var type: NCMBSNSType { .facebook }

    func json() throws(NCMBInvalidRequestError) -> JSONValue {
        ["id": .string(id), "access_token": .string(accessToken), "expiration_date": try NCMBDateField.json(expirationDate)]
    }
}
