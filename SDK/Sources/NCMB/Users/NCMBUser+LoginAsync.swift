internal import NCMBWire

extension NCMBUser {
    /// Logs in with a user name and password (`POST /login`); the user becomes the ``currentUser``, their session token
    /// is sent from now on and they are persisted.
    ///
    /// - Throws: ``NCMBApiError`` for a server error (E401002 for a wrong user name or password, E400003 for an empty
    ///   password); the transport's error when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public class func logIn(userName: String, password: String) async throws {
        try await logIn([Field.userName.rawValue: .string(userName), Field.password.rawValue: .string(password)])
    }

    /// Logs in with a mail address and password (`POST /login`); the user becomes the ``currentUser``.
    ///
    /// - Throws: ``NCMBApiError`` for a server error (E401002 for a wrong mail address or password); the transport's
    ///   error when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public class func logIn(mailAddress: String, password: String) async throws {
        try await logIn([Field.mailAddress.rawValue: .string(mailAddress), Field.password.rawValue: .string(password)])
    }

    /// Logs the signed-in user out (`GET /logout`) and forgets them.
    ///
    /// The user is forgotten when the server confirms, and also when it answers E401001 or E404001 (the session or the
    /// user is already gone), as in ncmb_swift.
    ///
    /// - Throws: ``NCMBApiError`` for a server error; the transport's error when no response arrived (the user then stays
    ///   signed in).
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public class func logOut() async throws {
        let context = NCMBContext.resolved
        do {
            _ = try await NCMBUserService(context: context).logOut()
        } catch let error as NCMBApiError {
            if [.authenticationErrorByHeaderIncorrect, .noDataAvailable].contains(error.errorCode) {
                context.session.signOut()
            }
            throw error
        }
        context.session.signOut()
    }

    /// Asks the server to mail a sign-up link to `mailAddress` (`POST /requestMailAddressUserEntry`).
    ///
    /// - Throws: ``NCMBApiError`` for a server error (E409001 for a registered address, E400003 for an empty one); the
    ///   transport's error when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public class func requestAuthenticationMail(mailAddress: String) async throws {
        _ = try await NCMBUserService(context: .resolved).requestMailAddressUserEntry(mailAddress: mailAddress)
    }

    /// Asks the server to mail a password-reset link to the user with `mailAddress` (`POST /requestPasswordReset`).
    ///
    /// - Throws: ``NCMBApiError`` for a server error (E400004 for an empty address); the transport's error when no
    ///   response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public class func requestPasswordReset(mailAddress: String) async throws {
        _ = try await NCMBUserService(context: .resolved).requestPasswordReset(mailAddress: mailAddress)
    }

    /// Sends the credentials to `POST /login` and signs in the user the server returns.
    private class func logIn(_ credentials: JSONObject) async throws {
        let context = NCMBContext.resolved
        let response = try await NCMBUserService(context: context).logIn(credentials)
        let user = NCMBUser(className: userClassName, collection: .users, fields: response.contents, context: context)
        context.session.signIn(user)
    }
}
