public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// The default ``NCMBTransport``: `URLSession` (FoundationNetworking on Linux).
///
/// Completion handlers run on the session's own delegate queue, so a request never needs the thread that started it:
/// the SDK's blocking forms cannot deadlock on it.
public struct URLSessionTransport: NCMBTransport {
    /// The session requests go through.
    public let session: URLSession

    /// Creates a transport over `session`.
    ///
    /// - Parameter session: The session to use. Defaults to `URLSession.shared`.
    public init(session: URLSession = .shared) {
        self.session = session
    }

    /// Sends the request with `URLSession` and returns whatever response arrives.
    ///
    /// The request's `timeoutInterval` is enforced here as well as by `URLSession`, because FoundationNetworking on
    /// Linux applies only the session configuration's timeout.
    ///
    /// - Throws: The `URLError` of a network failure, a timeout (`.timedOut`) or a cancelled task.
    public func send(_ request: NCMBTransportRequest) async throws -> NCMBTransportResponse {
        let timeout = request.timeoutInterval
        guard timeout.isFinite, timeout > 0, timeout < URLSessionTransport.longestTimeout else { return try await perform(request) }
        return try await withThrowingTaskGroup(of: NCMBTransportResponse.self) { group in
            group.addTask { try await perform(request) }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
                throw URLError(.timedOut)
            }
            defer { group.cancelAll() }
            guard let response = try await group.next() else { throw URLError(.unknown) }
            return response
        }
    }

    /// Timeouts from this many seconds on are left to `URLSession` alone: a year.
    private static let longestTimeout: TimeInterval = 365 * 24 * 3600

    /// Runs one data task; cancelling the calling task cancels it.
    private func perform(_ request: NCMBTransportRequest) async throws -> NCMBTransportResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: request.timeoutInterval)
        urlRequest.httpMethod = request.method.rawValue
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if !request.body.isEmpty { urlRequest.httpBody = request.body }
        let runningTask = Locked<URLSessionDataTask?>(nil)
        let session = self.session
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                        return
                    }
                    guard let response = response as? HTTPURLResponse else {
                        continuation.resume(throwing: NCMBParseError.unsupportResponseHeader)
                        return
                    }
                    var headers: [String: String] = [:]
                    for (name, value) in response.allHeaderFields {
                        if let name = name as? String, let value = value as? String { headers[name] = value }
                    }
                    continuation.resume(
                        returning: NCMBTransportResponse(statusCode: response.statusCode, headers: headers, body: data ?? Data()))
                }
                runningTask.withLock { $0 = task }
                task.resume()
                // The cancellation handler may have run before the task was stored.
                if Task.isCancelled { task.cancel() }
            }
        } onCancel: {
            runningTask.current?.cancel()
        }
    }
}
