import Foundation
internal import NCMBWire

extension NCMBRequestExecutor {
    /// Hands `request` to the transport, reports it to the log handler and, for a read, sends it again as the retry
    /// policy allows (docs/decisions/0126-sdk-clients-logging-retries.md).
    ///
    /// - Parameter progress: Reports the bytes sent and received; `nil` for an ordinary request.
    /// - Returns: The last response, whatever its status.
    /// - Throws: The transport's error when the last attempt got no response; `CancellationError` when the task was
    ///   cancelled while waiting to retry.
    func deliver(_ request: NCMBTransportRequest, progress: NCMBProgressHandler?) async throws -> NCMBTransportResponse {
        let policy = request.method == .get ? context.retryPolicy : .none
        var attempt = 1
        while true {
            let outcome = await attemptDelivery(request, attempt: attempt, progress: progress)
            let isRetried: Bool
            switch outcome {
            case .success(let response): isRetried = NCMBRetryPolicy.retriedStatuses.contains(response.statusCode)
            case .failure(let error): isRetried = NCMBRetryPolicy.isTransient(error)
            }
            guard isRetried, attempt < policy.maximumAttempts else { return try outcome.get() }
            try await context.sleep(policy.delay(afterFailures: attempt, random: context.random()))
            attempt += 1
        }
    }

    /// Sends `request` once, logging it and its answer or failure.
    private func attemptDelivery(
        _ request: NCMBTransportRequest, attempt: Int, progress: NCMBProgressHandler?
    ) async -> Result<NCMBTransportResponse, any Error> {
        let log = context.logHandler
        let started = context.uptime()
        log?(NCMBLogEvent(kind: .request, method: request.method, url: request.url, attempt: attempt, requestBodySize: request.body.count))
        do {
            let response: NCMBTransportResponse
            if let progress {
                response = try await context.transport.send(request, progress: progress)
            } else {
                response = try await context.transport.send(request)
            }
            log?(
                NCMBLogEvent(
                    kind: .response, method: request.method, url: request.url, attempt: attempt,
                    requestBodySize: request.body.count, statusCode: response.statusCode, errorCode: errorCode(of: response),
                    responseBodySize: response.body.count, duration: context.uptime() - started))
            return .success(response)
        } catch {
            log?(
                NCMBLogEvent(
                    kind: .failure, method: request.method, url: request.url, attempt: attempt,
                    requestBodySize: request.body.count, duration: context.uptime() - started,
                    failure: error.localizedDescription))
            return .failure(error)
        }
    }

    /// The NCMB code of an error response, e.g. `E404001`; `nil` for a success or a body without one.
    private func errorCode(of response: NCMBTransportResponse) -> String? {
        guard !(200..<300).contains(response.statusCode), let json = try? JSONValue(parsing: Array(response.body)) else {
            return nil
        }
        return ErrorBody(json: json)?.code
    }
}
