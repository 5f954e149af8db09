import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLSession` whose delegate reports each task's bytes sent and received, for ``URLSessionTransport``'s transfers
/// with progress.
///
/// A session-wide delegate, not a per-task one: FoundationNetworking on Linux calls only the session's delegate. The
/// session is created on the first transfer and invalidated when the box goes away.
final class ProgressSession: @unchecked Sendable {
    // @unchecked: `configuration` is a private copy, never mutated, read only to create the session under the lock of
    // `session`; `delegate` and `session` are Sendable.
    private let configuration: URLSessionConfiguration
    private let delegate = ProgressDelegate()
    private let session = Locked<URLSession?>(nil)

    /// Creates a box for a session with `configuration`.
    init(configuration: URLSessionConfiguration) {
        self.configuration = configuration.copy() as? URLSessionConfiguration ?? .default
    }

    deinit {
        session.current?.finishTasksAndInvalidate()
    }

    /// Runs one data task, reporting its progress; cancelling the calling task cancels it.
    func perform(_ request: URLRequest, progress: @escaping NCMBProgressHandler) async throws -> NCMBTransportResponse {
        let delegate = self.delegate
        let session = self.session.withLock { session in
            if let session { return session }
            let created = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
            session = created
            return created
        }
        let runningTask = Locked<URLSessionDataTask?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request)
                delegate.register(task, progress: progress, continuation: continuation)
                runningTask.withLock { $0 = task }
                task.resume()
                if Task.isCancelled { task.cancel() }
            }
        } onCancel: {
            runningTask.current?.cancel()
        }
    }
}

/// The delegate of a ``ProgressSession``: per task, the progress handler, the bytes received so far and the waiting
/// caller.
private final class ProgressDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// What one running task needs.
    private struct Transfer: Sendable {
        let progress: NCMBProgressHandler
        let continuation: CheckedContinuation<NCMBTransportResponse, any Error>
        var body = Data()
    }

    private let transfers = Locked<[Int: Transfer]>([:])

    /// Starts following `task`.
    func register(
        _ task: URLSessionTask, progress: @escaping NCMBProgressHandler,
        continuation: CheckedContinuation<NCMBTransportResponse, any Error>
    ) {
        transfers.withLock { $0[task.taskIdentifier] = Transfer(progress: progress, continuation: continuation) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        guard let progress = transfers.withLock({ $0[task.taskIdentifier]?.progress }) else { return }
        let total = totalBytesExpectedToSend >= 0 ? totalBytesExpectedToSend : nil
        progress(NCMBTransferProgress(direction: .upload, completedBytes: totalBytesSent, totalBytes: total))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let report = transfers.withLock { transfers -> (NCMBProgressHandler, NCMBTransferProgress)? in
            guard var transfer = transfers[dataTask.taskIdentifier] else { return nil }
            transfer.body.append(data)
            transfers[dataTask.taskIdentifier] = transfer
            let expectedLength = dataTask.response?.expectedContentLength ?? -1
            let progress = NCMBTransferProgress(
                direction: .download, completedBytes: Int64(transfer.body.count),
                totalBytes: expectedLength >= 0 ? expectedLength : nil)
            return (transfer.progress, progress)
        }
        if let (handler, progress) = report { handler(progress) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            transfer.continuation.resume(throwing: error)
            return
        }
        transfer.continuation.resume(with: Result { try URLSessionTransport.response(task.response, body: transfer.body) })
    }
}
