import Foundation
internal import NCMBWire

extension NCMBSession {
    /// Runs `body` on the state, after restoring the persisted user the first time.
    func withRestoredState<Result>(_ body: (inout NCMBSessionState) -> Result) -> Result {
        state.withLock { state in
            if !state.isRestored {
                state.isRestored = true
                // An unreadable or corrupt file means nobody is signed in, as in ncmb_swift.
                if let data = try? localStore.load(.currentUser), let json = try? JSONValue(parsing: Array(data)),
                    let fields = json.objectValue
                {
                    state.restoredFields = fields
                    state.sessionToken = fields[NCMBUser.Field.sessionToken.rawValue]?.stringValue
                }
            }
            return body(&state)
        }
    }

    /// The signed-in user, restored from the local store if needed; `nil` when nobody is signed in.
    ///
    /// - Parameter context: The context a restored user is bound to.
    func currentUser(in context: NCMBContext) -> NCMBUser? {
        withRestoredState { state in
            if state.currentUser == nil, let fields = state.restoredFields {
                state.currentUser = NCMBUser(
                    className: NCMBUser.userClassName, collection: .users, fields: fields, context: context)
                state.restoredFields = nil
            }
            return state.currentUser
        }
    }

    /// Whether `user` is the signed-in user: the same object, or one with the same objectId.
    func isCurrentUser(_ user: NCMBUser) -> Bool {
        withRestoredState { state in
            if let current = state.currentUser {
                return current === user || (user.objectId != nil && current.objectId == user.objectId)
            }
            return user.objectId != nil && state.restoredFields?["objectId"]?.stringValue == user.objectId
        }
    }

    /// Makes `user` the signed-in user, with the session token of their fields, and persists them.
    func signIn(_ user: NCMBUser) {
        let token = user.sessionToken
        withRestoredState { state in
            state.currentUser = user
            state.restoredFields = nil
            state.sessionToken = token
        }
        persist(user)
        announce(user)
    }

    /// Persists `user` again (after a save or fetch) when they are the signed-in user.
    func refresh(_ user: NCMBUser) {
        guard isCurrentUser(user) else { return }
        persist(user)
        announce(user)
    }

    /// Signs the user out: forgets the token and the current user, and removes the persisted user.
    func signOut() {
        withRestoredState { state in
            state.sessionToken = nil
            state.currentUser = nil
            state.restoredFields = nil
        }
        // A file that cannot be removed only means the next launch finds a dead session; E401001 clears it then.
        try? localStore.delete(.currentUser)
        announce(nil)
    }

    /// Signs the user out if the session still holds `token`: a request made with an older session cannot end a
    /// newer one.
    func signOut(ifSessionToken token: String) {
        let matches = withRestoredState { $0.sessionToken == token }
        if matches { signOut() }
    }

    /// Whether an automatic (anonymous) user may be signed up.
    var isAutomaticUserEnabled: Bool {
        get { state.withLock { $0.isAutomaticUserEnabled } }
        set { state.withLock { $0.isAutomaticUserEnabled = newValue } }
    }

    /// Writes the user's fields, without the password, to the local store.
    private func persist(_ user: NCMBUser) {
        let fields = user.state.current.fields.filtering { $0 != NCMBUser.Field.password.rawValue }
        // A failed write only costs the next launch its signed-in user, as in ncmb_swift.
        try? localStore.save(Data(JSONValue.object(fields).serializedBytes()), as: .currentUser)
    }
}
