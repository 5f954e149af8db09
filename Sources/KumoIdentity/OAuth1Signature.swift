import Crypto
import KumoMemberwise
import NCMBWire

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// OAuth 1.0a request signing with HMAC-SHA1 (RFC 5849), as Twitter's v1.1 API expects it.
///
/// Pure functions: the nonce and the timestamp are arguments, so the header of a request is reproducible.
package enum OAuth1Signature {
    /// One request parameter, percent-decoded.
    package typealias Parameter = (name: String, value: String)

    /// The credentials that sign a request: the application's consumer key and secret, the user's token and secret.
    @PackageMemberwiseInit
    package struct Credentials: Sendable, Hashable {
        /// `oauth_consumer_key`.
        package var consumerKey: String
        /// The consumer secret (first half of the signing key).
        package var consumerSecret: String
        /// `oauth_token`.
        package var token: String
        /// The token secret (second half of the signing key).
        package var tokenSecret: String
    }

    /// Percent-encodes `value` as RFC 5849 §3.6 requires: every UTF-8 byte except `A–Z a–z 0–9 - . _ ~` becomes `%XX`
    /// with upper-case hexadecimal digits, which is the router's strict printing (``PercentEncoding/encode(_:)``).
    package static func percentEncoded(_ value: String) -> String {
        PercentEncoding.encode(value)
    }

    /// The signature base string of RFC 5849 §3.4.1: `METHOD&encoded(baseURL)&encoded(normalized parameters)`, the
    /// parameters (query, form body and `oauth_*` protocol parameters, without `oauth_signature`) encoded, sorted by name
    /// then value, and joined with `&`.
    package static func baseString(method: String, baseURL: String, parameters: [Parameter]) -> String {
        // Encoded names and values are ASCII, so String ordering is the byte ordering RFC 5849 §3.4.1.3.2 asks for.
        let encoded: [(name: String, value: String)] = parameters.map { (percentEncoded($0.name), percentEncoded($0.value)) }
        let sorted = encoded.sorted { left, right in
            left.name == right.name ? left.value < right.value : left.name < right.name
        }
        let normalized = sorted.map { $0.name + "=" + $0.value }.joined(separator: "&")
        return [method.uppercased(), percentEncoded(baseURL), percentEncoded(normalized)].joined(separator: "&")
    }

    /// The HMAC-SHA1 signature of a base string (RFC 5849 §3.4.2), Base64-encoded; the key is
    /// `encoded(consumerSecret)&encoded(tokenSecret)`.
    package static func signature(baseString: String, consumerSecret: String, tokenSecret: String) -> String {
        let key = SymmetricKey(data: Array((percentEncoded(consumerSecret) + "&" + percentEncoded(tokenSecret)).utf8))
        let code = HMAC<Insecure.SHA1>.authenticationCode(for: Array(baseString.utf8), using: key)
        return Data(code).base64EncodedString()
    }

    /// The `Authorization` header value of a request to `baseURL` with the extra (query) `parameters`:
    /// `OAuth oauth_consumer_key="…", oauth_nonce="…", oauth_signature="…", oauth_signature_method="HMAC-SHA1",
    /// oauth_timestamp="…", oauth_token="…", oauth_version="1.0"` (RFC 5849 §3.5.1, names sorted, values encoded).
    ///
    /// - Parameters:
    ///   - baseURL: the base string URI of RFC 5849 §3.4.1.2: lower-case scheme and host, the port only when not the
    ///     scheme's default, the path, no query.
    ///   - parameters: the request's query parameters, percent-decoded.
    ///   - timestamp: seconds since 1970.
    package static func authorizationHeader(
        method: String, baseURL: String, parameters: [Parameter] = [], credentials: Credentials, nonce: String, timestamp: Int64
    ) -> String {
        var protocolParameters: [Parameter] = [
            ("oauth_consumer_key", credentials.consumerKey), ("oauth_nonce", nonce), ("oauth_signature_method", "HMAC-SHA1"),
            ("oauth_timestamp", String(timestamp)), ("oauth_token", credentials.token), ("oauth_version", "1.0"),
        ]
        let base = baseString(method: method, baseURL: baseURL, parameters: parameters + protocolParameters)
        let signed = signature(baseString: base, consumerSecret: credentials.consumerSecret, tokenSecret: credentials.tokenSecret)
        protocolParameters.append(("oauth_signature", signed))
        let fields = protocolParameters.sorted { $0.name < $1.name }
            .map { "\(percentEncoded($0.name))=\"\(percentEncoded($0.value))\"" }
        return "OAuth " + fields.joined(separator: ", ")
    }
}
