internal import NCMBWire

extension NCMBPush {
    /// Sends the push: registers it (`POST /push`, every field) when it has no ``objectId``, otherwise sends the fields
    /// changed since the last send (`PUT /push/{objectId}`, allowed until delivery starts).
    ///
    /// On success the push takes the `objectId` and `createDate` (or `updateDate`) the server returned.
    ///
    /// - Throws: ``NCMBInvalidRequestError`` for a field value or a ``searchCondition`` rejected when it was assigned,
    ///   before any request; ``NCMBApiError`` for a server error (E400008 for both a delivery time and an immediate
    ///   delivery); the transport's error when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func send() async throws {
        try await saveFields(through: objectService()) { state in
            // A field removed before the push existed (a cleared delivery time) has nothing left to send.
            state.modifiedKeys.removeAll { state.fields[$0] == nil && state.rejectedFields[$0] == nil }
        }
    }

    /// Fetches the push with this ``objectId``, replacing every field; then ``deliveryNumber``, ``status`` and
    /// ``error`` tell how the delivery went.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` when the push has no objectId; ``NCMBApiError`` for a server
    ///   error (E404001 when there is no such push or the caller may not read it); the transport's error when no
    ///   response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func fetch() async throws {
        try await fetchFields()
    }

    /// Deletes the push with this ``objectId`` (an undelivered push is then never delivered) and clears every field.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` when the push has no objectId; ``NCMBApiError`` for a server
    ///   error; the transport's error when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func delete() async throws {
        try await deleteFields()
    }
}

extension NCMBPush {
    /// Sends the push: registers it, or sends the fields changed since the last send.
    ///
    /// - Returns: `.success` once the server has stored it, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await send()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await send()` in async code.")
    public func send() -> NCMBResult<Void> { SynchronousCall.run { try await self.send() } }

    /// Sends the push in the background, as `send()` does.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func sendInBackground(callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.send() }
    }
}
