import KumoStorage
import NCMBWire

/// Typed reads of the free-form `options` of a provider's settings, with each verifier's documented defaults.
extension AuthProviderSettings {
    /// A string option, or `nil` when missing, empty or not a string.
    func stringOption(_ key: String) -> String? {
        guard let value = options[key]?.stringValue, !value.isEmpty else { return nil }
        return value
    }

    /// A list option written either as an array of strings under `key` or as one string under `singularKey`;
    /// non-string entries are ignored.
    func stringListOption(_ key: String, singularKey: String? = nil) -> [String] {
        var values: [String] = []
        if let array = options[key]?.arrayValue {
            values += array.compactMap(\.stringValue).filter { !$0.isEmpty }
        } else if let single = stringOption(key) {
            values.append(single)
        }
        if let singularKey, let single = stringOption(singularKey) { values.append(single) }
        return values
    }
}

/// The providers' public endpoints Kumo uses when an application configures none.
enum ProviderDefaults {
    /// Apple's signing keys for Sign in with Apple ID tokens.
    static let appleJWKSURL = "https://appleid.apple.com/auth/keys"
    /// Google's signing keys for Google Sign-In ID tokens.
    static let googleJWKSURL = "https://www.googleapis.com/oauth2/v3/certs"
    /// The `iss` of Apple ID tokens.
    static let appleIssuers = ["https://appleid.apple.com"]
    /// The `iss` values of Google ID tokens (Google documents both spellings).
    static let googleIssuers = ["https://accounts.google.com", "accounts.google.com"]
    /// Facebook's token inspection endpoint.
    static let facebookDebugTokenURL = "https://graph.facebook.com/debug_token"
    /// Twitter's "who am I" endpoint, called with the user's OAuth 1.0a credentials.
    static let twitterVerifyCredentialsURL = "https://api.twitter.com/1.1/account/verify_credentials.json"

    /// The JWKS URL of a provider verified with `"jwks"`, or `nil` when Kumo knows no default.
    static func jwksURL(provider: String) -> String? {
        switch provider {
        case "apple": appleJWKSURL
        case "google": googleJWKSURL
        default: nil
        }
    }

    /// The accepted issuers of a provider verified with `"jwks"` (empty when Kumo knows no default).
    static func issuers(provider: String) -> [String] {
        switch provider {
        case "apple": appleIssuers
        case "google": googleIssuers
        default: []
        }
    }
}
