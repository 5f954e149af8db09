import Dispatch

/// Runs an async SDK operation to completion on behalf of a blocking ncmb_swift method.
///
/// The operation runs in a detached task while the calling thread waits on a semaphore, the only wait on a caller's
/// thread in the SDK. Nothing the operation awaits needs the waiting thread: it never hops to the main actor or to the
/// caller's queue, and the transport completes on its own queue. A call from any background thread or `DispatchQueue`
/// therefore cannot deadlock.
enum SynchronousCall {
    /// Runs `operation` and blocks the calling thread until it finishes.
    ///
    /// The caller's task-local ``NCMBContext`` (if any) is bound again inside the detached task.
    static func run<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) -> NCMBResult<Value> {
        let semaphore = DispatchSemaphore(value: 0)
        let outcome = Locked<NCMBResult<Value>?>(nil)
        let context = NCMBContext.current
        Task.detached {
            let result = await NCMBContext.$current.withValue(context) { await NCMBResult.capturing(operation) }
            outcome.withLock { $0 = result }
            semaphore.signal()
        }
        semaphore.wait()
        guard let result = outcome.current else {
            preconditionFailure("SynchronousCall: the semaphore was signalled before the result was stored")
        }
        return result
    }
}

extension NCMBResult {
    /// The result of running `operation`: `.success` with its value, or `.failure` with the error it threw.
    static func capturing(_ operation: () async throws -> T) async -> NCMBResult<T> {
        do {
            return .success(try await operation())
        } catch {
            return .failure(error)
        }
    }
}
