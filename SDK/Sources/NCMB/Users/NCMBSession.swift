import Foundation

/// The signed-in user and their session token, shared by the copies of one context.
///
/// The user is persisted to ``localStore`` when they sign up or log in, and restored from it the first time the token
/// or the user is needed, so a relaunched app is still signed in.
package final class NCMBSession: Sendable {
    /// Where the signed-in user is persisted between launches.
    package let localStore: any NCMBLocalStore
    /// The token, the current user and the automatic-user switch.
    let state = Locked(NCMBSessionState())
    /// The streams of ``NCMBClient/currentUserChanges`` that are being listened to.
    let watchers = Locked(CurrentUserWatchers())

    /// Creates a session with no user signed in, persisting to `localStore` (by default, to memory only).
    package init(localStore: any NCMBLocalStore = MemoryLocalStore()) {
        self.localStore = localStore
    }

    /// The token sent in `X-NCMB-Apps-Session-Token`; `nil` when no user is signed in.
    package var sessionToken: String? {
        get { withRestoredState { $0.sessionToken } }
        set { withRestoredState { $0.sessionToken = newValue } }
    }

    /// Signs the user out: forgets the token and the current user, and removes the persisted user.
    ///
    /// ncmb_swift does this when the server answers E401001 to a request made with the session.
    package func clear() { signOut() }
}
