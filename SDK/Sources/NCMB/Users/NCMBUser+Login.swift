extension NCMBUser {
    /// Logs in with a user name and password; the user becomes the ``currentUser``.
    ///
    /// - Returns: `.success` once logged in, or `.failure` with an ``NCMBApiError`` (E401002 for a wrong user name or
    ///   password).
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await logIn(userName:password:)` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await logIn(userName:password:)` in async code.")
    public class func logIn(userName: String, password: String) -> NCMBResult<Void> {
        SynchronousCall.run { try await logIn(userName: userName, password: password) }
    }

    /// Logs in with a user name and password in the background, as `logIn(userName:password:)` does.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public class func logInInBackground(userName: String, password: String, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await logIn(userName: userName, password: password) }
    }

    /// Logs in with a mail address and password; the user becomes the ``currentUser``.
    ///
    /// - Returns: `.success` once logged in, or `.failure` with an ``NCMBApiError`` (E401002 for a wrong mail address
    ///   or password).
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await logIn(mailAddress:password:)` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await logIn(mailAddress:password:)` in async code.")
    public class func logIn(mailAddress: String, password: String) -> NCMBResult<Void> {
        SynchronousCall.run { try await logIn(mailAddress: mailAddress, password: password) }
    }

    /// Logs in with a mail address and password in the background, as `logIn(mailAddress:password:)` does.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public class func logInInBackground(mailAddress: String, password: String, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await logIn(mailAddress: mailAddress, password: password) }
    }

    /// Logs the signed-in user out and forgets them, even when the server reports the session already dead.
    ///
    /// - Returns: `.success` once logged out, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await logOut()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await logOut()` in async code.")
    public class func logOut() -> NCMBResult<Void> { SynchronousCall.run { try await logOut() } }

    /// Logs the signed-in user out in the background, as `logOut()` does.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public class func logOutInBackground(callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await logOut() }
    }

    /// Asks the server to mail a sign-up link to `mailAddress`.
    ///
    /// - Returns: `.success` once the server accepted the request, or `.failure` with an ``NCMBApiError`` (E409001 for a
    ///   registered address).
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await requestAuthenticationMail(mailAddress:)` there) and preferably not from the main
    ///   thread.
    @available(
        *, noasync, message: "Blocks the calling thread; use `try await requestAuthenticationMail(mailAddress:)` in async code."
    )
    public class func requestAuthenticationMail(mailAddress: String) -> NCMBResult<Void> {
        SynchronousCall.run { try await requestAuthenticationMail(mailAddress: mailAddress) }
    }

    /// Asks the server to mail a sign-up link to `mailAddress`, in the background.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public class func requestAuthenticationMailInBackground(mailAddress: String, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await requestAuthenticationMail(mailAddress: mailAddress) }
    }

    /// Asks the server to mail a password-reset link to the user with `mailAddress`.
    ///
    /// - Returns: `.success` once the server accepted the request, or `.failure` with an ``NCMBApiError``.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await requestPasswordReset(mailAddress:)` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await requestPasswordReset(mailAddress:)` in async code.")
    public class func requestPasswordReset(mailAddress: String) -> NCMBResult<Void> {
        SynchronousCall.run { try await requestPasswordReset(mailAddress: mailAddress) }
    }

    /// Asks the server to mail a password-reset link to the user with `mailAddress`, in the background.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public class func requestPasswordResetInBackground(mailAddress: String, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await requestPasswordReset(mailAddress: mailAddress) }
    }
}
