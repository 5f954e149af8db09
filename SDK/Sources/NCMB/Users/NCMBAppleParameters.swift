import Foundation
internal import NCMBWire

/// The credentials of Sign in with Apple: `{"id","access_token","client_id"}`.
public struct NCMBAppleParameters: NCMBSnsInfoProtocol, Sendable {
    /// The Apple user identifier.
    public var id: String
    /// The identity token.
    public var accessToken: String
    /// The client identifier the token was issued to: the app's bundle identifier.
    var clientId: String

    /// Creates the parameters; the client identifier is the main bundle's identifier, as in ncmb_swift.
    ///
    /// - Parameters:
    ///   - id: The Apple user identifier.
    ///   - accessToken: The identity token.
    public init(id: String, accessToken: String) {
        self.init(id: id, accessToken: accessToken, clientId: Bundle.main.bundleIdentifier ?? "")
    }

    /// Creates the parameters with an explicit client identifier.
    ///
    /// - Parameters:
    ///   - id: The Apple user identifier.
    ///   - accessToken: The identity token.
    ///   - clientId: The client identifier (service or bundle identifier) the token was issued to.
    /// - Note: A Kumo addition, for code without a main bundle identifier (servers, command-line tools).
    public init(id: String, accessToken: String, clientId: String) {
        self.id = id
        self.accessToken = accessToken
        self.clientId = clientId
    }

    var type: NCMBSNSType { .apple }

    func json() -> JSONValue {
        ["id": .string(id), "access_token": .string(accessToken), "client_id": .string(clientId)]
    }
}
