public import Foundation

/// Sends one HTTP request and returns the response: the SDK's network seam.
///
/// The default is ``URLSessionTransport``. Provide another one with
/// ``NCMB/initialize(applicationKey:clientKey:domainURL:apiVersion:transport:requestTimeout:fileRequestTimeout:)`` to
/// route requests through your own HTTP stack or to test an app without a network.
///
/// A transport sends the request exactly as given (the SDK has signed those bytes) and reports any HTTP status as a
/// response, not as an error. It throws only when no response arrived: a network failure or a timeout.
public protocol NCMBTransport: Sendable {
    /// Sends `request` and returns the response, whatever its status.
    ///
    /// - Throws: The error of the underlying HTTP stack when no response arrived (a `URLError` for ``URLSessionTransport``).
    func send(_ request: NCMBTransportRequest) async throws -> NCMBTransportResponse
}

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

/// An HTTP response as an ``NCMBTransport`` returns it.
public struct NCMBTransportResponse: Sendable, Equatable {
    /// The HTTP status code.
    public var statusCode: Int
    /// The header fields.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data

    /// Creates a response.
    public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }
}
