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
