import Dispatch

/// Runs an async SDK operation on behalf of an ncmb_swift `…InBackground(callback:)` method.
///
/// The callback is called exactly once, on a global dispatch queue: never on the main queue, and never on the Swift
/// concurrency pool, so a callback may itself call the SDK's blocking forms.
enum BackgroundCall {
    /// Starts `operation` and hands its result to `callback` when it finishes.
    static func start<Value: Sendable>(
        _ callback: @escaping NCMBHandler<Value>, _ operation: @escaping @Sendable () async throws -> Value
    ) {
        let handler = CallbackBox(callback)
        let context = NCMBContext.current
        Task.detached {
            let result = await NCMBContext.$current.withValue(context) { await NCMBResult.capturing(operation) }
            DispatchQueue.global().async { handler.callback(result) }
        }
    }
}

/// Carries a non-Sendable ncmb_swift callback across the task boundary.
///
/// ncmb_swift's ``NCMBHandler`` is not `@Sendable`, so existing app code passes closures the compiler cannot check.
private final class CallbackBox<Value>: @unchecked Sendable {
    // @unchecked: the closure is stored once and called exactly once, from one thread, after the operation finished.
    let callback: NCMBHandler<Value>

    init(_ callback: @escaping NCMBHandler<Value>) { self.callback = callback }
}
