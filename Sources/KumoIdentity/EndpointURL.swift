import Foundation

/// The pieces of a configured provider URL that request signing and query building need.
package struct EndpointURL: Sendable {
    /// The URL as configured.
    package let text: String
    /// The RFC 5849 §3.4.1.2 base string URI: lower-case scheme and host, non-default port, path, no query.
    package let baseURL: String
    /// The query parameters already in the URL, form-decoded.
    package let queryParameters: [OAuth1Signature.Parameter]

    /// Parses an `http` or `https` URL with a host; `nil` otherwise.
    package init?(_ text: String) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host?.lowercased(), !host.isEmpty
        else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        let port = components.port.flatMap { $0 == defaultPort ? nil : ":\($0)" } ?? ""
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        self.text = text
        self.baseURL = scheme + "://" + host + port + path
        self.queryParameters = (components.percentEncodedQuery ?? "").split(separator: "&").map { pair in
            let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Self.formDecoded(halves[0]), halves.count > 1 ? Self.formDecoded(halves[1]) : "")
        }
    }

    /// The URL with `parameters` appended to its query, each name and value percent-encoded.
    package func appendingQuery(_ parameters: [(String, String)]) -> String {
        let query = parameters.map { OAuth1Signature.percentEncoded($0.0) + "=" + OAuth1Signature.percentEncoded($0.1) }
        return text + (text.contains("?") ? "&" : "?") + query.joined(separator: "&")
    }

    /// `application/x-www-form-urlencoded` decoding: `+` is a space, then percent-decoding (kept as is when invalid).
    private static func formDecoded(_ text: Substring) -> String {
        let spaced = String(text.map { $0 == "+" ? " " : $0 })
        return spaced.removingPercentEncoding ?? spaced
    }
}
