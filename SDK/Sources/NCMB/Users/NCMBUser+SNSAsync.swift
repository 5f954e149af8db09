import Foundation
internal import NCMBWire

extension NCMBUser {
    /// Signs up, or logs in, with Twitter credentials; the user becomes the ``currentUser``.
    ///
    /// - Throws: The errors of ``signUpWithToken(snsInfo:)``.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    public func signUpWithTwitterToken(twitterParameters: NCMBTwitterParameters) async throws {
        try await signUp(addingAuthData: twitterParameters.authData())
    }

    /// Signs up, or logs in, with Facebook credentials; the user becomes the ``currentUser``.
    ///
    /// - Throws: The errors of ``signUpWithToken(snsInfo:)``.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    public func signUpWithFacebookToken(facebookParameters: NCMBFacebookParameters) async throws {
        try await signUp(addingAuthData: facebookParameters.authData())
    }

    /// Signs up, or logs in, with Sign in with Apple credentials; the user becomes the ``currentUser``.
    ///
    /// - Throws: The errors of ``signUpWithToken(snsInfo:)``.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    public func signUpWithAppleToken(appleParameters: NCMBAppleParameters) async throws {
        try await signUp(addingAuthData: appleParameters.authData())
    }

    /// Signs up, or logs in, with Google credentials; the user becomes the ``currentUser``.
    ///
    /// - Throws: The errors of ``signUpWithToken(snsInfo:)``.
    /// - Note: A Kumo addition; ncmb_swift has ``NCMBGoogleParameters`` but no method taking them.
    public func signUpWithGoogleToken(googleParameters: NCMBGoogleParameters) async throws {
        try await signUp(addingAuthData: googleParameters.authData())
    }

    /// Signs up with `authData` (`POST /users`), or logs in the user already linked to it; the user becomes the
    /// ``currentUser``.
    ///
    /// `snsInfo` is added to the `authData` the user already has; on failure the user's `authData` is restored.
    ///
    /// - Parameter snsInfo: The credentials by provider, e.g. `["google": ["id": "…", "access_token": "…"]]`.
    /// - Throws: ``NCMBInvalidRequestError/invalidBodyJsonValue`` for a value that cannot be JSON, before any request;
    ///   ``NCMBApiError`` for a server error (E401003 when the provider rejects the token, E403005 when the provider is
    ///   disabled, E409001 for `authData` linked to another user); the transport's error when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    public func signUpWithToken(snsInfo: [String: Any]) async throws {
        try await signUp(addingAuthData: NCMBUser.authData(from: snsInfo))
    }

    /// Links Twitter credentials to the user (`PUT /users/{objectId}`).
    ///
    /// - Throws: The errors of ``linkWithToken(snsInfo:)``.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    public func linkWithTwitterToken(twitterParameters: NCMBTwitterParameters) async throws {
        try await link(authData: twitterParameters.authData())
    }

    /// Links Facebook credentials to the user (`PUT /users/{objectId}`).
    ///
    /// - Throws: The errors of ``linkWithToken(snsInfo:)``.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    public func linkWithFacebookToken(facebookParameters: NCMBFacebookParameters) async throws {
        try await link(authData: facebookParameters.authData())
    }

    /// Links Sign in with Apple credentials to the user (`PUT /users/{objectId}`).
    ///
    /// - Throws: The errors of ``linkWithToken(snsInfo:)``.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    public func linkWithAppleToken(appleParameters: NCMBAppleParameters) async throws {
        try await link(authData: appleParameters.authData())
    }

    /// Links Google credentials to the user (`PUT /users/{objectId}`).
    ///
    /// - Throws: The errors of ``linkWithToken(snsInfo:)``.
    /// - Note: A Kumo addition; ncmb_swift has ``NCMBGoogleParameters`` but no method taking them.
    public func linkWithGoogleToken(googleParameters: NCMBGoogleParameters) async throws {
        try await link(authData: googleParameters.authData())
    }

    /// Links SNS credentials to the user: sends only `snsInfo` as `authData` (`PUT /users/{objectId}`), then adds it to
    /// the providers the user already has. On failure the user's `authData` is restored.
    ///
    /// - Parameter snsInfo: The credentials by provider.
    /// - Throws: ``NCMBInvalidRequestError`` for a value that cannot be JSON, before any request; ``NCMBApiError`` for a
    ///   server error (E409001 when another user is linked to the credentials); the transport's error when no response
    ///   arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    public func linkWithToken(snsInfo: [String: Any]) async throws {
        try await link(authData: NCMBUser.authData(from: snsInfo))
    }

    /// Unlinks a provider from the user: sends `{"authData":{"<type>":null}}` (`PUT /users/{objectId}`), then removes
    /// the provider locally.
    ///
    /// - Parameter type: `facebook`, `twitter`, `google` or `apple`.
    /// - Throws: An `NSError` of domain `NCMBErrorDomain`, code 404003 ("token not found" or "other token type") when
    ///   the user is not linked to `type`, as in ncmb_swift; the errors of `save()`.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    public func unlink(type: String) async throws {
        guard authData != nil else { throw NCMBUser.unlinkError("token not found") }
        guard isLinkedWith(type: type) else { throw NCMBUser.unlinkError("other token type") }
        let previous = authDataSnapshot()
        state.withLock { $0.assign(.success([type: .null]), to: Field.authData.rawValue) }
        do {
            try await save()
        } catch {
            restoreAuthData(previous)
            throw error
        }
        state.withLock { state in
            var remaining = previous.value?.objectValue ?? JSONObject()
            remaining[type] = nil
            state.fields[Field.authData.rawValue] = .object(remaining)
        }
        context.session.refresh(self)
    }

    /// Whether the user is linked to the provider `type` (`facebook`, `twitter`, `google` or `apple`).
    ///
    /// - Parameter type: The provider.
    /// - Returns: `true` when the user's `authData` holds credentials for `type`.
    public func isLinkedWith(type: String) -> Bool {
        guard NCMBSNSType(rawValue: type) != nil else { return false }
        guard let credentials = state.withLock({ $0.fields[Field.authData.rawValue]?.objectValue?[type] }) else { return false }
        return credentials != .null
    }

    // MARK: Helpers

    /// Signs up with `additions` added to the user's `authData`; restores the `authData` on failure.
    func signUp(addingAuthData additions: JSONObject) async throws {
        let previous = authDataSnapshot()
        let merged = (previous.value?.objectValue ?? JSONObject()).merging(additions)
        state.withLock { $0.assign(.success(.object(merged)), to: Field.authData.rawValue) }
        do {
            try await signUp()
        } catch {
            restoreAuthData(previous)
            throw error
        }
    }

    /// Saves `additions` as the user's `authData`, then merges them into the providers the user had; restores the
    /// `authData` on failure.
    func link(authData additions: JSONObject) async throws {
        let previous = authDataSnapshot()
        state.withLock { $0.assign(.success(.object(additions)), to: Field.authData.rawValue) }
        do {
            try await save()
        } catch {
            restoreAuthData(previous)
            throw error
        }
        state.withLock { state in
            let merged = (previous.value?.objectValue ?? JSONObject()).merging(additions)
            state.fields[Field.authData.rawValue] = .object(merged)
        }
        context.session.refresh(self)
    }

    /// The `authData` field and whether it was waiting to be sent.
    private func authDataSnapshot() -> (value: JSONValue?, isModified: Bool) {
        state.withLock { ($0.fields[Field.authData.rawValue], $0.modifiedKeys.contains(Field.authData.rawValue)) }
    }

    /// Puts back an `authData` snapshot after a failed request.
    private func restoreAuthData(_ snapshot: (value: JSONValue?, isModified: Bool)) {
        state.withLock { state in
            state.fields[Field.authData.rawValue] = snapshot.value
            if !snapshot.isModified { state.modifiedKeys.removeAll { $0 == Field.authData.rawValue } }
        }
    }

    /// The wire form of app-supplied `authData`.
    static func authData(from snsInfo: [String: Any]) throws(NCMBInvalidRequestError) -> JSONObject {
        guard let object = try FieldValueEncoder.json(from: snsInfo).objectValue else { throw .invalidBodyJsonValue }
        return object
    }

    /// The wire form of app-supplied `authData`, or the error converting it, taken before a blocking or callback form
    /// starts its task (`snsInfo` is not `Sendable`) and thrown when the task runs.
    static func authDataResult(from snsInfo: [String: Any]) -> Result<JSONObject, NCMBInvalidRequestError> {
        do throws(NCMBInvalidRequestError) {
            return .success(try authData(from: snsInfo))
        } catch {
            return .failure(error)
        }
    }

    /// The error ncmb_swift reports when `unlink` finds nothing to unlink.
    static func unlinkError(_ description: String) -> NSError {
        NSError(domain: "NCMBErrorDomain", code: 404003, userInfo: [NSLocalizedDescriptionKey: description])
    }
}
