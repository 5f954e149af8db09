extension NCMB {
    /// The default client's outbox: the writes of `saveEventually()` and `deleteEventually()`.
    ///
    /// - Note: A Kumo addition.
    public static var outbox: NCMBOutbox { NCMBClient.default.context.outbox }

    /// Sends every write waiting in the default client's outbox now, in order.
    ///
    /// - Throws: The error of the first write that could not be delivered (no network, a timeout, a 5xx or 429): it
    ///   and the writes after it stay queued. Writes the server refuses leave the outbox as
    ///   ``NCMBOutboxEvent/refused(_:error:)`` events, not as errors.
    /// - Note: A Kumo addition.
    public static func flushOutbox() async throws {
        try await NCMBClient.default.flushOutbox()
    }

    /// Starts sending what a previous run of the app left in the default client's outbox.
    static func resumeOutbox() {
        let context = NCMBClient.default.context
        context.outbox.resume(context: context)
    }
}

extension NCMBClient {
    /// This client's outbox: the writes of `saveEventually()` and `deleteEventually()` of its objects.
    ///
    /// - Note: A Kumo addition.
    public var outbox: NCMBOutbox { context.outbox }

    /// Sends every write waiting in this client's outbox now, in order; a client other than the default one also
    /// sends what a previous run left with this call.
    ///
    /// - Throws: The error of the first write that could not be delivered; see ``NCMB/flushOutbox()``.
    /// - Note: A Kumo addition.
    public func flushOutbox() async throws {
        let context = self.context
        try await context.outbox.flush(context: context)
    }
}
