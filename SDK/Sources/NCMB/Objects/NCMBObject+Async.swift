internal import NCMBWire

extension NCMBObject {
    /// Fetches the object with this ``objectId`` from the server, replacing every field.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` when the object has no objectId; ``NCMBApiError`` for a
    ///   server error (E404001 when there is no such object or the caller may not read it); the transport's error when
    ///   no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func fetch() async throws {
        try await fetchFields()
    }

    /// Saves the object to the server.
    ///
    /// Creates the object when it has no ``objectId`` yet, sending every field; otherwise sends only the fields changed
    /// since the last save (`null` for a cleared field). On success the object takes the `objectId`, `createDate` or
    /// `updateDate` the server returned. Operators stay in their fields until the object is fetched again, as in
    /// ncmb_swift.
    ///
    /// - Throws: ``NCMBInvalidRequestError`` for an invalid class name or a field value rejected when it was assigned,
    ///   before any request; ``NCMBApiError`` for a server error; the transport's error when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func save() async throws {
        try await saveFields(through: objectService())
    }

    /// Deletes the object with this ``objectId`` from the server, then clears every field.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` when the object has no objectId; ``NCMBApiError`` for a
    ///   server error; the transport's error when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func delete() async throws {
        try await deleteFields()
    }

}
