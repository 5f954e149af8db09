import Foundation
internal import NCMBWire

extension NCMBRequestExecutor {
    /// Sends a file upload: the route's signed request with `form` as its `multipart/form-data` body.
    ///
    /// - Parameters:
    ///   - timeout: Seconds to wait for the response: the context's file request timeout.
    ///   - progress: Reports the bytes sent and received; `nil` for none.
    /// - Throws: The errors of ``execute(_:timeout:)``.
    func upload(_ route: APIRoute, form: MultipartForm, timeout: TimeInterval, progress: NCMBProgressHandler?) async throws
        -> NCMBResponse
    {
        var request = try makeRequest(route, timeout: timeout)
        request.headers["Content-Type"] = form.contentType
        request.body = Data(form.encodedBytes())
        return try await send(request, progress: progress, reading: read)
    }

    /// Sends a download and returns the body's bytes as they are: a file is not JSON.
    ///
    /// - Parameters:
    ///   - timeout: Seconds to wait for the response: the context's file request timeout.
    ///   - progress: Reports the bytes received; `nil` for none.
    /// - Throws: ``NCMBApiError`` for an error status (E404001 for a missing or unreadable file); the other errors of
    ///   ``execute(_:timeout:)``, except that any success body is accepted.
    func download(_ route: APIRoute, timeout: TimeInterval, progress: NCMBProgressHandler?) async throws -> Data {
        let request = try makeRequest(route, timeout: timeout)
        return try await send(request, progress: progress) { response in
            // `read` turns an error status into the NCMBApiError its body reports; a success body is returned raw.
            if !(200..<300).contains(response.statusCode) { _ = try read(response) }
            return response.body
        }
    }
}
