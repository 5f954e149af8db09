internal import NCMBWire

extension NCMBBase {
    /// The wire reference of the object's class.
    ///
    /// - Throws: ``NCMBInvalidRequestError/invalidClassName`` for an invalid custom class name.
    func classReference() throws(NCMBInvalidRequestError) -> ClassReference {
        try collection.classReference(className: className)
    }

    /// The objectId, which fetch, update and delete need.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` when the object has not been saved.
    func requireObjectId() throws(NCMBInvalidRequestError) -> String {
        guard let objectId, !objectId.isEmpty else { throw .emptyObjectId }
        return objectId
    }

    /// A Pointer to this object, for storing it in a field or comparing a field with it.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` when the object has not been saved.
    func pointerJSON() throws(NCMBInvalidRequestError) -> JSONValue {
        try NCMBPointer(className: className, objectId: requireObjectId()).json()
    }
}
