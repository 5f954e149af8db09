extension NCMBUser {
    /// The signed-in user now, then again at every sign-up, login, logout, and save or fetch of the signed-in user;
    /// `nil` when nobody is signed in.
    ///
    /// ```swift
    /// for await user in NCMBUser.currentUserChanges {
    ///     isSignedIn = user != nil
    /// }
    /// ```
    ///
    /// Follows the client in effect when it is read (``NCMBClient/default`` unless an ``NCMBClient`` runs the code).
    /// Only the latest value waits for a slow listener; the stream ends when its listener stops listening.
    ///
    /// - Note: A Kumo addition.
    public class var currentUserChanges: AsyncStream<NCMBUser?> {
        let context = NCMBContext.resolved
        return context.session.currentUserChanges(in: context)
    }
}
