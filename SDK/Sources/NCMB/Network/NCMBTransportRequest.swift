public import Foundation

/// An HTTP request as the SDK hands it to an ``NCMBTransport``.
public struct NCMBTransportRequest: Sendable, Equatable {
    /// The method.
    public var method: NCMBHTTPMethod
    /// The full URL: the domain URL, then the path and query the SDK signed, percent-encoded.
    public var url: URL
    /// The header fields, including the `X-NCMB-*` signature headers.
    public var headers: [String: String]
    /// The body; empty when the request has none.
    public var body: Data
    /// How long to wait for the response before giving up, in seconds.
    public var timeoutInterval: TimeInterval

    /// Creates a request.
    public init(method: NCMBHTTPMethod, url: URL, headers: [String: String], body: Data, timeoutInterval: TimeInterval) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeoutInterval = timeoutInterval
    }
}
