/// The parts of a received request that its signature covers, exactly as received
/// (docs/wire/signature.md#server-verification-procedure).
package struct SignedRequest: Sendable, Hashable {
    /// The method, e.g. `GET`.
    package var method: String
    /// The raw path, not decoded.
    package var path: String
    /// The raw query without `?`, not decoded; `nil` when there is none.
    package var rawQuery: String?
    /// The `Host` header as sent, possibly with `:port`; `nil` when absent.
    package var hostHeader: String?
    /// The `X-NCMB-Application-Key` header value; `nil` when absent.
    package var applicationKey: String?
    /// The `X-NCMB-Timestamp` header value; `nil` when absent.
    package var timestamp: String?
    /// The `X-NCMB-Signature` header value; `nil` when absent.
    package var signature: String?

    /// Creates a request from its parts.
    package init(
        method: String, path: String, rawQuery: String?, hostHeader: String?, applicationKey: String?, timestamp: String?,
        signature: String?
    ) {
        self.method = method
        self.path = path
        self.rawQuery = rawQuery
        self.hostHeader = hostHeader
        self.applicationKey = applicationKey
        self.timestamp = timestamp
        self.signature = signature
    }

    /// Creates a request from its raw target (`/path?query`), split at the first `?` without decoding either part
    /// (docs/wire/signature.md#server-verification-procedure, step 3).
    package init(
        method: String, target: String, hostHeader: String?, applicationKey: String?, timestamp: String?, signature: String?
    ) {
        let path: String
        let rawQuery: String?
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            rawQuery = String(target[target.index(after: mark)...])
        } else {
            path = target
            rawQuery = nil
        }
        self.init(
            method: method, path: path, rawQuery: rawQuery, hostHeader: hostHeader, applicationKey: applicationKey,
            timestamp: timestamp, signature: signature)
    }

    /// Whether all three signature headers are present (docs/wire/signature.md#server-verification-procedure, step 1).
    package var hasSignatureHeaders: Bool { applicationKey != nil && timestamp != nil && signature != nil }
}
