internal import NCMBWire

extension NCMBBase {
    /// Saves through `service`: registers every field (`POST`) when there is no `objectId`, otherwise sends the fields
    /// changed since the last save (`PUT`), then takes the `objectId` and dates the server answered. The one save of
    /// objects, installations, roles and pushes.
    ///
    /// - Parameter afterCreate: adjusts the field state after a successful `POST`, under the same lock.
    /// - Throws: ``NCMBInvalidRequestError`` for a field value rejected when it was assigned, before any request;
    ///   ``NCMBApiError`` for a server error; the transport's error when no response arrived.
    func saveFields(through service: NCMBObjectService, afterCreate: (inout FieldState) -> Void = { _ in }) async throws {
        let snapshot = state.current
        if let objectId = snapshot.fields["objectId"]?.stringValue {
            let body = try snapshot.updateBody()
            let response = try await service.update(objectId: objectId, fields: body)
            state.withLock { $0.applySave(sent: body, response: response.contents) }
        } else {
            let body = try snapshot.createBody()
            let response = try await service.create(body)
            state.withLock { state in
                state.applySave(sent: body, response: response.contents)
                afterCreate(&state)
            }
        }
    }

    /// Fetches the object with this `objectId` from the server and replaces every field: the one fetch of objects,
    /// installations, roles and pushes.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` when there is no objectId; ``NCMBApiError`` for a server
    ///   error; the transport's error when no response arrived.
    func fetchFields() async throws {
        let objectId = try requireObjectId()
        let response = try await objectService().get(objectId: objectId)
        state.withLock { $0.applyFetch(response.contents) }
    }

    /// The service of this object's collection (`/classes/…`, `/installations`, `/roles`, `/push`).
    func objectService() throws(NCMBInvalidRequestError) -> NCMBObjectService {
        NCMBObjectService(context: context, collection: try classReference())
    }

    /// Deletes the object with this `objectId` on the server, then clears every field: the one delete of objects,
    /// installations, roles and pushes.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` when there is no objectId; ``NCMBApiError`` for a server
    ///   error; the transport's error when no response arrived.
    func deleteFields() async throws {
        let objectId = try requireObjectId()
        _ = try await objectService().delete(objectId: objectId)
        state.withLock { $0.clear() }
    }
}
