/// The continuations of the current-user streams of one session, by registration number.
struct CurrentUserWatchers: Sendable {
    var nextIdentifier = 0
    var continuations: [Int: AsyncStream<NCMBUser?>.Continuation] = [:]
}

extension NCMBSession {
    /// The signed-in user now, then again at every sign-in, sign-out and save or fetch of the signed-in user.
    ///
    /// Only the latest value waits for a slow listener. The stream ends when the listener stops listening.
    ///
    /// - Parameter context: The context a user restored from the local store is bound to.
    func currentUserChanges(in context: NCMBContext) -> AsyncStream<NCMBUser?> {
        let (stream, continuation) = AsyncStream.makeStream(of: NCMBUser?.self, bufferingPolicy: .bufferingNewest(1))
        let identifier = watchers.withLock { watchers in
            let identifier = watchers.nextIdentifier
            watchers.nextIdentifier += 1
            watchers.continuations[identifier] = continuation
            return identifier
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.watchers.withLock { $0.continuations.removeValue(forKey: identifier) }
        }
        // Read after registering: a change racing with this call is delivered after, or is what this read returns.
        continuation.yield(currentUser(in: context))
        return stream
    }

    /// Tells every listener that the signed-in user is now `user`.
    func announce(_ user: NCMBUser?) {
        for continuation in watchers.withLock({ Array($0.continuations.values) }) { continuation.yield(user) }
    }
}
