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

    /// Sends `request` and returns the response, whatever its status, reporting the bytes sent and received as they
    /// travel.
    ///
    /// The SDK calls it for file uploads and downloads given a progress handler. The default implementation calls
    /// ``send(_:)`` and reports each direction once, complete, when the response has arrived; ``URLSessionTransport``
    /// reports as the bytes travel.
    ///
    /// - Parameter progress: Called with the progress of the upload, then of the download.
    /// - Throws: The error of the underlying HTTP stack when no response arrived.
    /// - Note: A Kumo addition.
    func send(_ request: NCMBTransportRequest, progress: @escaping NCMBProgressHandler) async throws -> NCMBTransportResponse
}

extension NCMBTransport {
    /// Sends `request` with ``send(_:)`` and reports both directions once, complete, when the response has arrived.
    ///
    /// - Parameter progress: Called with the upload (when the request has a body), then with the download.
    /// - Throws: What ``send(_:)`` throws.
    public func send(_ request: NCMBTransportRequest, progress: @escaping NCMBProgressHandler) async throws -> NCMBTransportResponse {
        let response = try await send(request)
        if !request.body.isEmpty {
            let sent = Int64(request.body.count)
            progress(NCMBTransferProgress(direction: .upload, completedBytes: sent, totalBytes: sent))
        }
        let received = Int64(response.body.count)
        progress(NCMBTransferProgress(direction: .download, completedBytes: received, totalBytes: received))
        return response
    }
}
