internal import NCMBWire

extension NCMBRole {
    /// Adds a user to the role (`belongUser` AddRelation), then saves the role.
    ///
    /// - Throws: The errors of ``save()``; ``NCMBInvalidRequestError/emptyObjectId`` for an unsaved user, before any request.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func addUser(user: NCMBUser) async throws { try await save(addUsers: [user]) }

    /// Adds users to the role (`belongUser` AddRelation), then saves the role.
    ///
    /// - Throws: The errors of ``save()``; ``NCMBInvalidRequestError/emptyObjectId`` for an unsaved user, before any request.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func addUsers(users: [NCMBUser]) async throws { try await save(addUsers: users) }

    /// Removes a user from the role (`belongUser` RemoveRelation), then saves the role.
    ///
    /// - Throws: The errors of ``save()``; ``NCMBInvalidRequestError/emptyObjectId`` for an unsaved user, before any request.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func removeUser(user: NCMBUser) async throws { try await save(removeUsers: [user]) }

    /// Removes users from the role (`belongUser` RemoveRelation), then saves the role.
    ///
    /// - Throws: The errors of ``save()``; ``NCMBInvalidRequestError/emptyObjectId`` for an unsaved user, before any request.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func removeUsers(users: [NCMBUser]) async throws { try await save(removeUsers: users) }

    /// Adds a child role, whose users then hold this role too (`belongRole` AddRelation), then saves the role.
    ///
    /// - Throws: The errors of ``save()``; ``NCMBInvalidRequestError/emptyObjectId`` for an unsaved role, before any request.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func addRole(role: NCMBRole) async throws { try await save(addRoles: [role]) }

    /// Adds child roles, whose users then hold this role too (`belongRole` AddRelation), then saves the role.
    ///
    /// - Throws: The errors of ``save()``; ``NCMBInvalidRequestError/emptyObjectId`` for an unsaved role, before any request.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func addRoles(roles: [NCMBRole]) async throws { try await save(addRoles: roles) }

    /// Removes a child role (`belongRole` RemoveRelation), then saves the role.
    ///
    /// - Throws: The errors of ``save()``; ``NCMBInvalidRequestError/emptyObjectId`` for an unsaved role, before any request.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func removeRole(role: NCMBRole) async throws { try await save(removeRoles: [role]) }

    /// Removes child roles (`belongRole` RemoveRelation), then saves the role.
    ///
    /// - Throws: The errors of ``save()``; ``NCMBInvalidRequestError/emptyObjectId`` for an unsaved role, before any request.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func removeRoles(roles: [NCMBRole]) async throws { try await save(removeRoles: roles) }

    /// Fetches the role with this ``objectId`` (`GET /roles/{objectId}`), replacing every field.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` when the role has no objectId; ``NCMBApiError`` for a server
    ///   error (E404001 when there is no such role or the caller may not read it); the transport's error when no
    ///   response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func fetch() async throws {
        try await fetchFields()
    }

    /// Saves the role: creates it when it has no ``objectId`` (`POST /roles`, every field), otherwise sends the fields
    /// changed since the last save (`PUT /roles/{objectId}`).
    ///
    /// - Throws: ``NCMBInvalidRequestError`` for a field value rejected when it was assigned, before any request;
    ///   ``NCMBApiError`` for a server error (E409001 for a taken role name, E404001 for a missing role); the
    ///   transport's error when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func save() async throws {
        try await save(addUsers: [])
    }

    /// Deletes the role with this ``objectId`` (`DELETE /roles/{objectId}`), then clears every field.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` when the role has no objectId; ``NCMBApiError`` for a server
    ///   error; the transport's error when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func delete() async throws {
        try await deleteFields()
    }

    /// Sets the membership operators, as ncmb_swift does (an addition wins over a removal of the same kind), then saves.
    func save(
        addUsers: [NCMBUser] = [], removeUsers: [NCMBUser] = [], addRoles: [NCMBRole] = [], removeRoles: [NCMBRole] = []
    ) async throws {
        let roleOperation = try NCMBRole.relationOperation(className: NCMBRole.roleClassName, add: addRoles, remove: removeRoles)
        let userOperation = try NCMBRole.relationOperation(className: NCMBUser.userClassName, add: addUsers, remove: removeUsers)
        state.withLock { state in
            if let roleOperation { state.assign(.success(roleOperation), to: Field.belongRole.rawValue) }
            if let userOperation { state.assign(.success(userOperation), to: Field.belongUser.rawValue) }
        }
        try await saveFields(through: objectService())
    }

    /// An AddRelation of `add`, else a RemoveRelation of `remove`, of Pointers to `className`; `nil` when both are
    /// empty.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` for an object that has not been saved.
    static func relationOperation(
        className: String, add: [NCMBBase], remove: [NCMBBase]
    ) throws(NCMBInvalidRequestError) -> JSONValue? {
        if !add.isEmpty { return try NCMBAddRelationOperator(elements: pointers(className: className, add)).json() }
        if !remove.isEmpty { return try NCMBRemoveRelationOperator(elements: pointers(className: className, remove)).json() }
        return nil
    }

    /// Pointers to `objects`, of class `className`.
    private static func pointers(className: String, _ objects: [NCMBBase]) throws(NCMBInvalidRequestError) -> [NCMBPointer] {
        var pointers: [NCMBPointer] = []
        for object in objects {
            guard let objectId = object.objectId, !objectId.isEmpty else { throw .emptyObjectId }
            pointers.append(NCMBPointer(className: className, objectId: objectId))
        }
        return pointers
    }

}
