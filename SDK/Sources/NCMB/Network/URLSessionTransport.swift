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
    /// The session of transfers that report progress: `session`'s configuration with a delegate of the transport's own,
    /// created on the first such transfer.
    private let progressSession: ProgressSession

    /// Creates a transport over `session`.
    ///
    /// - Parameter session: The session to use. Defaults to `URLSession.shared`.
    /// - Note: File transfers given a progress handler go through a second session with the same configuration, whose
    ///   delegate reports the progress; a delegate of `session` sees no callbacks for them.
    public init(session: URLSession = .shared) {
        self.session = session
        self.progressSession = ProgressSession(configuration: session.configuration)
    }

    /// Sends the request with `URLSession` and returns whatever response arrives.
    ///
    /// The request's `timeoutInterval` is enforced here as well as by `URLSession`, because FoundationNetworking on
    /// Linux applies only the session configuration's timeout.
    ///
    /// - Throws: The `URLError` of a network failure, a timeout (`.timedOut`) or a cancelled task.
    public func send(_ request: NCMBTransportRequest) async throws -> NCMBTransportResponse {
        try await URLSessionTransport.withTimeout(of: request) { try await perform(request) }
    }

    /// Sends the request with `URLSession`, reporting the bytes sent and received as they travel, and returns whatever
    /// response arrives.
    ///
    /// - Parameter progress: Called on the session's delegate queue as bytes are sent, then as they are received.
    /// - Throws: The `URLError` of a network failure, a timeout (`.timedOut`) or a cancelled task.
    public func send(_ request: NCMBTransportRequest, progress: @escaping NCMBProgressHandler) async throws -> NCMBTransportResponse {
        try await URLSessionTransport.withTimeout(of: request) {
            try await progressSession.perform(URLSessionTransport.urlRequest(request), progress: progress)
        }
    }

    /// Timeouts from this many seconds on are left to `URLSession` alone: a year.
    private static let longestTimeout: TimeInterval = 365 * 24 * 3600

    /// Runs `operation`, failing with `URLError(.timedOut)` when the request's timeout passes first.
    private static func withTimeout(
        of request: NCMBTransportRequest, _ operation: @escaping @Sendable () async throws -> NCMBTransportResponse
    ) async throws -> NCMBTransportResponse {
        let timeout = request.timeoutInterval
        guard timeout.isFinite, timeout > 0, timeout < longestTimeout else { return try await operation() }
        return try await withThrowingTaskGroup(of: NCMBTransportResponse.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
                throw URLError(.timedOut)
            }
            defer { group.cancelAll() }
            guard let response = try await group.next() else { throw URLError(.unknown) }
            return response
        }
    }

    /// The `URLRequest` of `request`.
    static func urlRequest(_ request: NCMBTransportRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: request.timeoutInterval)
        urlRequest.httpMethod = request.method.rawValue
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if !request.body.isEmpty { urlRequest.httpBody = request.body }
        return urlRequest
    }

    /// The transport's response for what a task returned.
    ///
    /// - Throws: ``NCMBParseError/unsupportResponseHeader`` when the response is not HTTP.
    static func response(_ response: URLResponse?, body: Data) throws -> NCMBTransportResponse {
        guard let response = response as? HTTPURLResponse else { throw NCMBParseError.unsupportResponseHeader }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return NCMBTransportResponse(statusCode: response.statusCode, headers: headers, body: body)
    }

    /// Runs one data task; cancelling the calling task cancels it.
    private func perform(_ request: NCMBTransportRequest) async throws -> NCMBTransportResponse {
        let urlRequest = URLSessionTransport.urlRequest(request)
        let runningTask = Locked<URLSessionDataTask?>(nil)
        let session = self.session
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                        return
                    }
                    continuation.resume(with: Result { try URLSessionTransport.response(response, body: data ?? Data()) })
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
