/// The callback type of every `…InBackground(callback:)` method.
///
/// It is called exactly once, on a background queue, never implicitly on the main queue.
public typealias NCMBHandler<T> = (NCMBResult<T>) -> Void

/// The outcome of a request: the value on success, or the error that stopped it.
///
/// Failures carry an ``NCMBApiError`` for errors the server reported, an ``NCMBInvalidRequestError`` for input the SDK
/// rejected before sending anything, an ``NCMBParseError`` for a response it could not read, or the transport's own
/// error (a `URLError` for network failures and timeouts), unchanged.
public enum NCMBResult<T> {
    /// The request succeeded.
    case success(T)
    /// The request failed.
    case failure(any Error)
}

extension NCMBResult: Sendable where T: Sendable {}
