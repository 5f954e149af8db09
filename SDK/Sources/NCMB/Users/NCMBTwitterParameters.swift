internal import NCMBWire

/// The credentials of Twitter (X) OAuth 1.0a:
/// `{"id","screen_name","oauth_consumer_key","consumer_secret","oauth_token","oauth_token_secret"}`.
public struct NCMBTwitterParameters: NCMBSnsInfoProtocol, Sendable {
    /// The Twitter user identifier.
    public var id: String
    /// The screen name.
    public var screenName: String
    /// The consumer key.
    public var oauthConsumerKey: String
    /// The consumer secret.
    public var consumerSecret: String
    /// The OAuth token.
    public var oauthToken: String
    /// The OAuth token secret.
    public var oauthTokenSecret: String

    /// Creates the parameters.
    ///
    /// - Parameters:
    ///   - id: The Twitter user identifier.
    ///   - screenName: The screen name.
    ///   - oauthConsumerKey: The consumer key.
    ///   - consumerSecret: The consumer secret.
    ///   - oauthToken: The OAuth token.
    ///   - oauthTokenSecret: The OAuth token secret.
    public init(
        id: String, screenName: String, oauthConsumerKey: String, consumerSecret: String, oauthToken: String,
        oauthTokenSecret: String
    ) {
        self.id = id
        self.screenName = screenName
        self.oauthConsumerKey = oauthConsumerKey
        self.consumerSecret = consumerSecret
        self.oauthToken = oauthToken
        self.oauthTokenSecret = oauthTokenSecret
    }

    var type: NCMBSNSType { .twitter }

    func json() -> JSONValue {
        [
            "id": .string(id), "screen_name": .string(screenName), "oauth_consumer_key": .string(oauthConsumerKey),
            "consumer_secret": .string(consumerSecret), "oauth_token": .string(oauthToken),
            "oauth_token_secret": .string(oauthTokenSecret),
        ]
    }
}
