/// Where apps reach a Kumo server, split the way the NCMB SDKs take it: some want a base URL, the JavaScript SDK wants
/// host, port and protocol apart (docs/connecting-apps.md).
///
/// Only a bare origin is accepted (`http://127.0.0.1:8080/`, `https://api.example.com`): every NCMB SDK appends the
/// version segment (`2013-09-01`) to the host, so a path prefix cannot be configured in all of them.
package struct ClientEndpoint: Sendable, Equatable {
    /// `http` or `https`.
    package let scheme: String
    /// The host name or address, without brackets for an IPv6 address.
    package let host: String
    /// The port, always given (80 or 443 when the URL names none).
    package let port: Int

    /// The endpoint of a URL such as `http://127.0.0.1:8080/`; `nil` for another scheme, a path other than `/`, a query,
    /// credentials or a port outside 1…65535.
    package init?(url: String) {
        let scheme: String
        var rest: Substring
        if url.hasPrefix("http://") {
            (scheme, rest) = ("http", url.dropFirst("http://".count))
        } else if url.hasPrefix("https://") {
            (scheme, rest) = ("https", url.dropFirst("https://".count))
        } else {
            return nil
        }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.isEmpty, !rest.contains(where: { "/?#@ ".contains($0) }) else { return nil }
        let host: Substring
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
        } else if let colon = rest.firstIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        } else {
            host = rest
        }
        guard !host.isEmpty else { return nil }
        let port: Int
        if let portText {
            guard let number = Int(portText), (1...65_535).contains(number) else { return nil }
            port = number
        } else {
            port = scheme == "https" ? 443 : 80
        }
        self.init(scheme: scheme, host: String(host), port: port)
    }

    /// An endpoint from its parts.
    package init(scheme: String, host: String, port: Int) {
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// Whether the port is the scheme's own (80 for http, 443 for https), which URLs leave out.
    package var hasDefaultPort: Bool { port == (scheme == "https" ? 443 : 80) }

    /// `scheme://host[:port]` without a trailing slash, IPv6 addresses in brackets.
    package var origin: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)" + (hasDefaultPort ? "" : ":\(port)")
    }

    /// The origin with a trailing slash, as ncmb_swift's `domainURL` and the Android SDKs' `domainUrl` take it.
    package var baseURL: String { origin + "/" }
}
