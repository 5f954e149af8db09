internal import NCMBWire

/// The mutable state of an ``NCMBSession``, kept in one lock box.
struct NCMBSessionState: Sendable {
    /// The token sent in `X-NCMB-Apps-Session-Token`.
    var sessionToken: String? = nil
    /// The signed-in user, once an object exists for them.
    var currentUser: NCMBUser? = nil
    /// The fields of a user restored from the local store, until ``NCMBUser/currentUser`` makes an object of them.
    var restoredFields: JSONObject? = nil
    /// Whether the local store has been read.
    var isRestored = false
    /// Whether ``NCMBUser/automaticCurrentUser()`` may sign up an anonymous user.
    var isAutomaticUserEnabled = false
}
