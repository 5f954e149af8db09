internal import NCMBWire

extension NCMBModel {
    /// Saves the model: creates the object when it has no ``objectId``, otherwise replaces the fields it encodes.
    ///
    /// - Returns: The model with the objectId and dates the server answered.
    /// - Throws: ``NCMBInvalidRequestError`` for an invalid class name or a model that does not encode to valid fields,
    ///   before any request; ``NCMBApiError`` for a server error; the transport's error when no response arrived.
    public func save() async throws -> Self {
        let object = try NCMBObject(model: self, context: .resolved)
        try await object.save()
        return applyingSave(of: object)
    }

    /// Fetches the model's object again.
    ///
    /// - Returns: The model as the server holds it now.
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` when the model has no objectId; ``NCMBApiError`` for a server
    ///   error (E404001 when there is no such object or the caller may not read it); `DecodingError` when the fields do
    ///   not fit the type; the transport's error when no response arrived.
    public func fetch() async throws -> Self {
        guard let objectId else { throw NCMBInvalidRequestError.emptyObjectId }
        return try await Self.fetch(objectId: objectId)
    }

    /// Fetches the object with `objectId` as a model.
    ///
    /// - Parameter objectId: The object's objectId.
    /// - Returns: The model.
    /// - Throws: The errors of ``fetch()``.
    public static func fetch(objectId: String) async throws -> Self {
        let (type, collection) = NCMBBase.type(ofClassName: className)
        let object = type.init(className: className, collection: collection, fields: ["objectId": .string(objectId)], context: .resolved)
        try await object.fetchFields()
        return try object.decode(as: Self.self)
    }

    /// Deletes the model's object.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` when the model has no objectId; ``NCMBApiError`` for a server
    ///   error; the transport's error when no response arrived.
    public func delete() async throws {
        try await Self.object(objectId: objectId, context: .resolved).delete()
    }

    /// Saves several models in as few requests as possible (`POST /batch`), as ``NCMBObject/saveAll(_:atomically:)``
    /// saves objects.
    ///
    /// - Parameters:
    ///   - models: The models.
    ///   - atomically: `true` saves all or none (at most 50); `false` (the default) saves each independently.
    /// - Returns: The models with the objectIds and dates the server answered, in the same order.
    /// - Throws: ``NCMBBatchError`` naming the models the server refused (the others were saved, but their new values
    ///   are only in the server: fetch them again); the other errors of ``NCMBObject/saveAll(_:atomically:)``.
    public static func saveAll(_ models: [Self], atomically: Bool = false) async throws -> [Self] {
        let context = NCMBContext.resolved
        let objects = try models.map { try NCMBObject(model: $0, context: context) }
        try await NCMBObject.saveAll(objects, atomically: atomically)
        return zip(models, objects).map { $0.applyingSave(of: $1) }
    }

    /// Deletes several models' objects in as few requests as possible (`POST /batch`).
    ///
    /// - Parameters:
    ///   - models: The models; each needs its objectId.
    ///   - atomically: `true` deletes all or none (at most 50); `false` (the default) deletes each independently.
    /// - Throws: The errors of ``NCMBObject/deleteAll(_:atomically:)``.
    public static func deleteAll(_ models: [Self], atomically: Bool = false) async throws {
        let context = NCMBContext.resolved
        try await NCMBObject.deleteAll(models.map { Self.object(objectId: $0.objectId, context: context) }, atomically: atomically)
    }

    /// An object of the model's class holding only `objectId`, which is all a delete needs.
    private static func object(objectId: String?, context: NCMBContext) -> NCMBObject {
        let (_, collection) = NCMBBase.type(ofClassName: className)
        let object = NCMBObject(className: className, collection: collection, context: context)
        object.objectId = objectId
        return object
    }
}
