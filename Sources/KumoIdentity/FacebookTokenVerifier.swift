import KumoStorage
import NCMBWire

/// Verifies a Facebook user access token with the Graph API's `debug_token` endpoint.
///
/// Options: `url` (defaults to `https://graph.facebook.com/debug_token`); `appAccessToken`, or `appId` and `appSecret`
/// from which Kumo forms the app access token `appId|appSecret` (required); `appId` also requires the token to belong
/// to that app. Accepted when the answer's `data.is_valid` is `true`, `data.user_id` equals `authData.id` and, with
/// `appId`, `data.app_id` equals it.
struct FacebookTokenVerifier: Sendable {
    let fetcher: ProviderHTTPFetcher

    /// Accepts the token or throws `IdentityTokenVerifier.Refusal` / `ProviderRequestFailure`.
    func verify(authData: JSONObject, settings: AuthProviderSettings) async throws {
        typealias Refusal = IdentityTokenVerifier.Refusal
        guard let token = authData["access_token"]?.stringValue, !token.isEmpty else { throw Refusal.missingField("access_token") }
        guard let userId = authData["id"]?.stringValue, !userId.isEmpty else { throw Refusal.missingField("id") }
        let appId = settings.stringOption("appId")
        let appSecret = settings.stringOption("appSecret")
        guard let appAccessToken = settings.stringOption("appAccessToken") ?? appId.flatMap({ id in appSecret.map { "\(id)|\($0)" } })
        else { throw Refusal.claim("facebook needs options.appAccessToken (or appId and appSecret)") }
        let urlText = settings.stringOption("url") ?? ProviderDefaults.facebookDebugTokenURL
        guard let endpoint = EndpointURL(urlText) else { throw Refusal.claim("options.url is not an http(s) URL") }
        let url = endpoint.appendingQuery([("input_token", token), ("access_token", appAccessToken)])
        let answer = try await fetcher.json(url: url)
        guard let data = answer.objectValue?["data"]?.objectValue else { throw Refusal.claim("no data in the answer") }
        guard data["is_valid"]?.boolValue == true else { throw Refusal.claim("token not valid") }
        guard Self.identifier(data["user_id"]) == userId else { throw Refusal.claim("user_id differs from authData.id") }
        if let appId, Self.identifier(data["app_id"]) != appId { throw Refusal.claim("app_id differs from options.appId") }
    }

    /// An id the Graph API sends as a string (or, defensively, as an integer).
    private static func identifier(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: text
        case .integer(let number)?: String(number)
        default: nil
        }
    }
}
