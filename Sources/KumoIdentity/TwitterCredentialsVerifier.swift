import KumoSeams
import KumoStorage
import NCMBWire

/// Verifies Twitter OAuth 1.0a credentials by calling `account/verify_credentials` as the user.
///
/// The NCMB SDKs send the consumer key and secret with the user's token and token secret in `authData`; Kumo signs a
/// GET of `options.url` (defaults to `https://api.twitter.com/1.1/account/verify_credentials.json`) with them and accepts
/// when the answer's `id_str` equals `authData.id`. With `options.consumerKey`, `authData.oauth_consumer_key` must
/// equal it, so only tokens of the application's own Twitter app are accepted.
struct TwitterCredentialsVerifier: Sendable {
    let fetcher: ProviderHTTPFetcher
    let clock: any WallClock
    let identifiers: any IdentifierGenerator

    /// Accepts the credentials or throws `IdentityTokenVerifier.Refusal` / `ProviderRequestFailure`.
    func verify(authData: JSONObject, settings: AuthProviderSettings) async throws {
        typealias Refusal = IdentityTokenVerifier.Refusal
        func field(_ name: String) throws -> String {
            guard let value = authData[name]?.stringValue, !value.isEmpty else { throw Refusal.missingField(name) }
            return value
        }
        let userId = try field("id")
        let credentials = OAuth1Signature.Credentials(
            consumerKey: try field("oauth_consumer_key"), consumerSecret: try field("consumer_secret"),
            token: try field("oauth_token"), tokenSecret: try field("oauth_token_secret"))
        if let consumerKey = settings.stringOption("consumerKey"), consumerKey != credentials.consumerKey {
            throw Refusal.claim("oauth_consumer_key differs from options.consumerKey")
        }
        let urlText = settings.stringOption("url") ?? ProviderDefaults.twitterVerifyCredentialsURL
        guard let endpoint = EndpointURL(urlText) else { throw Refusal.claim("options.url is not an http(s) URL") }
        let authorization = OAuth1Signature.authorizationHeader(
            method: "GET", baseURL: endpoint.baseURL, parameters: endpoint.queryParameters, credentials: credentials,
            nonce: identifiers.randomString(length: 32, alphabet: IdentifierAlphabet.alphanumeric),
            timestamp: clock.now().millisecondsSince1970 / 1000)
        let answer = try await fetcher.json(url: endpoint.text, headers: [("Authorization", authorization)])
        guard answer.objectValue?["id_str"]?.stringValue == userId else { throw Refusal.claim("id_str differs from authData.id") }
    }
}
