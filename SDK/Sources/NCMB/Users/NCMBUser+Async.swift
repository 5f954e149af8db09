internal import NCMBWire

extension NCMBUser {
    /// Signs the user up with the fields set (`userName` and `password`, or `authData`), then makes them the
    /// ``currentUser``: their session token is sent from now on and they are persisted.
    ///
    /// Sends every field (`POST /users`), the password included; the server answers with the `objectId`, the
    /// `sessionToken` and, for `authData`, the generated `userName`. An `authData` already linked to a user logs that
    /// user in instead.
    ///
    /// - Throws: ``NCMBInvalidRequestError`` for a field value rejected when it was assigned, before any request;
    ///   ``NCMBApiError`` for a server error (E409001 for a taken user name, mail address or `authData`, E400003 for a
    ///   missing password); the transport's error when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func signUp() async throws {
        let snapshot = state.current
        let body = try snapshot.createBody().filtering { $0 != Field.sessionToken.rawValue }
        let response = try await objectService().create(body)
        state.withLock { $0.applySave(sent: body, response: response.contents) }
        context.session.signIn(self)
    }

    /// Fetches the user with this ``objectId``, replacing every field but the session token.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` when the user has no objectId; ``NCMBApiError`` for a server
    ///   error (E404001 when there is no such user or the caller may not read them; for the signed-in user this also
    ///   signs them out); the transport's error when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    public func fetch() async throws {
        let objectId = try requireObjectId()
        let response = try await signingOutIfGone { try await self.objectService().get(objectId: objectId) }
        state.withLock { state in
            let sessionToken = state.fields[Field.sessionToken.rawValue]
            state.applyFetch(response.contents)
            if state.fields[Field.sessionToken.rawValue] == nil { state.fields[Field.sessionToken.rawValue] = sessionToken }
        }
        context.session.refresh(self)
    }

    /// Saves the user: creates them when they have no ``objectId`` (without signing them in), otherwise sends the
    /// fields changed since the last save (a new ``password`` included). The session token is never sent as a field.
    ///
    /// - Throws: ``NCMBInvalidRequestError`` for a field value rejected when it was assigned, before any request;
    ///   ``NCMBApiError`` for a server error (E404001 or E403001 when the caller may not update the user); the
    ///   transport's error when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func save() async throws {
        let snapshot = state.current
        let service = try objectService()
        if let objectId = snapshot.fields["objectId"]?.stringValue {
            let body = try snapshot.updateBody().filtering { $0 != Field.sessionToken.rawValue }
            let response = try await signingOutIfGone { try await service.update(objectId: objectId, fields: body) }
            state.withLock { $0.applySave(sent: body, response: response.contents) }
        } else {
            let body = try snapshot.createBody().filtering { $0 != Field.sessionToken.rawValue }
            let response = try await service.create(body)
            state.withLock { $0.applySave(sent: body, response: response.contents) }
        }
        context.session.refresh(self)
    }

    /// Deletes the user with this ``objectId``, then clears every field; deleting the signed-in user signs them out.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` when the user has no objectId; ``NCMBApiError`` for a server
    ///   error; the transport's error when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func delete() async throws {
        let objectId = try requireObjectId()
        _ = try await signingOutIfGone { try await self.objectService().delete(objectId: objectId) }
        if context.session.isCurrentUser(self) { context.session.signOut() }
        state.withLock { $0.clear() }
    }

    /// Returns the signed-in user, or signs up an anonymous user (`authData.anonymous.id`, a new UUID) when nobody is
    /// signed in and ``enableAutomaticUser()`` was called; a successful sign-up disables automatic users again, as in
    /// ncmb_swift.
    ///
    /// - Returns: The signed-in user.
    /// - Throws: ``NCMBUserError/automaticUserNotAvailable`` when nobody is signed in and automatic users are disabled;
    ///   the errors of `signUp()`.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public class func automaticCurrentUser() async throws -> NCMBUser {
        let context = NCMBContext.resolved
        if let user = context.session.currentUser(in: context) { return user }
        guard context.session.isAutomaticUserEnabled else { throw NCMBUserError.automaticUserNotAvailable }
        let user = NCMBAnonymousUtils.makeAnonymousUser(context: context)
        try await user.signUp()
        context.session.isAutomaticUserEnabled = false
        return user
    }

    /// Runs a request about this user; when the server answers E404001 and this is the signed-in user, signs them out
    /// (ncmb_swift clears its current user on E404001, docs/wire/signature.md#session-token).
    func signingOutIfGone<Value>(_ request: () async throws -> Value) async throws -> Value {
        do {
            return try await request()
        } catch let error as NCMBApiError {
            if error.errorCode == .noDataAvailable, context.session.isCurrentUser(self) { context.session.signOut() }
            throw error
        }
    }
}
