import Foundation

/// The parts of the configured domain URL a request needs: where to send it and which host to sign.
struct NCMBDomainURL {
    /// The domain URL with its path, query and fragment removed.
    private let components: URLComponents
    /// The domain URL's path without its trailing slash, prefixed to every API path (usually empty).
    let basePath: String
    /// The host as signed (docs/wire/signature.md#request-signature-string-to-sign): no scheme and no port; IPv6
    /// addresses keep their brackets.
    let signingHost: String

    /// Reads a domain URL such as `https://mbaas.api.nifcloud.com/` or `http://127.0.0.1:8080/`.
    ///
    /// - Throws: ``NCMBInvalidRequestError/invalidDomainName`` unless it is an `http` or `https` URL with a host.
    init(_ domainURL: String) throws(NCMBInvalidRequestError) {
        guard var components = URLComponents(string: domainURL), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else { throw .invalidDomainName }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        components.percentEncodedPath = ""
        components.percentEncodedQuery = nil
        components.percentEncodedFragment = nil
        self.components = components
        self.basePath = basePath
        self.signingHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    /// The URL of a request: the base path, then `path` and the raw `query`, both already percent-encoded.
    ///
    /// - Throws: ``NCMBInvalidRequestError/invalidDomainName`` when Foundation cannot form the URL.
    func url(path: String, query: String?) throws(NCMBInvalidRequestError) -> URL {
        var components = self.components
        components.percentEncodedPath = basePath + path
        components.percentEncodedQuery = query
        guard let url = components.url else { throw .invalidDomainName }
        return url
    }
}
