internal import NCMBWire

/// A member of the application: sign up, log in and out, and read and update the user's fields.
///
/// ```swift
/// let user = NCMBUser()
/// user.userName = "Yamada Tarou"
/// user.password = "password"
/// try await user.signUp()                          // now NCMBUser.currentUser
/// try await NCMBUser.logIn(userName: "Yamada Tarou", password: "password")
/// try await NCMBUser.logOut()
/// ```
///
/// Users live in the standard class `user` (`/users`). The signed-in user is ``currentUser``: their session token is sent
/// with every request (`X-NCMB-Apps-Session-Token`), and they are persisted, so a relaunched app is still signed in.
/// When the server answers E401001 to a request made with the session, the SDK signs the user out.
///
/// Every operation has three forms: `async throws`, a blocking form returning ``NCMBResult`` and an
/// `…InBackground(callback:)` form, as in ncmb_swift.
public class NCMBUser: NCMBBase, NCMBFetchable, NCMBSavable, NCMBDeletable, @unchecked Sendable {
    // @unchecked: adds no stored state; the fields stay in NCMBBase's lock box.

    /// The class name of users.
    static let userClassName = ClassName.user.rawValue
    /// The names of the fields a user has besides custom ones.
    typealias Field = StandardField.User

    /// Creates a user with no fields yet, to sign up.
    public convenience init() {
        self.init(context: .resolved)
    }

    /// Creates a user with no fields yet, bound to `context`.
    convenience init(context: NCMBContext) {
        self.init(className: NCMBUser.userClassName, collection: .users, context: context)
    }

    /// The session token the server returned at sign-up or login; `nil` for other users.
    public var sessionToken: String? { self[Field.sessionToken] }

    /// The user name, unique in the application.
    public var userName: String? {
        get { self[Field.userName] }
        set { self[Field.userName] = newValue }
    }

    /// The password: sent with the next sign-up or save once set, never returned by the server and never persisted.
    public var password: String? {
        get { self[Field.password] }
        set { self[Field.password] = newValue }
    }

    /// The mail address, unique in the application.
    public var mailAddress: String? {
        get { self[Field.mailAddress] }
        set { self[Field.mailAddress] = newValue }
    }

    /// The SNS and anonymous credentials linked to the user (`authData`), by provider; `nil` when there are none.
    var authData: [String: Any]? {
        get { self[Field.authData] }
        set { self[Field.authData] = newValue }
    }

    /// Whether the user has a session token, that is, signed up or logged in on this device.
    public var isAuthenticated: Bool { sessionToken != nil }

    /// A query over the users of the application.
    public class var query: NCMBQuery<NCMBUser> {
        NCMBQuery<NCMBUser>(className: NCMBUser.userClassName, collection: .users, context: .resolved)
    }

    /// The signed-in user; `nil` when nobody is signed in.
    ///
    /// A user persisted by an earlier launch of the app is restored the first time this is read.
    public class var currentUser: NCMBUser? {
        let context = NCMBContext.resolved
        return context.session.currentUser(in: context)
    }

    /// The session token of the signed-in user; `nil` when nobody is signed in.
    public class var currentUserSessionToken: String? { NCMBContext.resolved.session.sessionToken }

    /// Allows ``automaticCurrentUser()`` to sign up an anonymous user when nobody is signed in.
    public class func enableAutomaticUser() {
        NCMBContext.resolved.session.isAutomaticUserEnabled = true
    }

    /// Stops ``automaticCurrentUser()`` from signing up anonymous users.
    public class func disableAutomaticUser() {
        NCMBContext.resolved.session.isAutomaticUserEnabled = false
    }

    /// Returns the signed-in user, or signs up an anonymous user when nobody is signed in and
    /// ``enableAutomaticUser()`` was called.
    ///
    /// - Returns: `.success` with the user, or `.failure` with ``NCMBUserError/automaticUserNotAvailable`` when nobody is
    ///   signed in and automatic users are disabled, or with the sign-up's error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await automaticCurrentUser()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await automaticCurrentUser()` in async code.")
    public class func automaticCurrentUser() -> NCMBResult<NCMBUser> {
        SynchronousCall.run { try await automaticCurrentUser() }
    }

    /// Returns the signed-in user, or signs up an anonymous user, in the background, as `automaticCurrentUser()` does.
    ///
    /// - Parameter callback: Called once with the user or the error, on a background queue.
    public class func automaticCurrentUserInBackground(callback: @escaping NCMBHandler<NCMBUser>) {
        BackgroundCall.start(callback) { try await automaticCurrentUser() }
    }

    /// Signs the user up with the fields set (`userName` and `password`, or `authData`), then makes them the
    /// ``currentUser``.
    ///
    /// - Returns: `.success` once signed up, or `.failure` with an ``NCMBApiError`` (E409001 for a taken user name).
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await signUp()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await signUp()` in async code.")
    public func signUp() -> NCMBResult<Void> { SynchronousCall.run { try await self.signUp() } }

    /// Signs the user up in the background, as `signUp()` does.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func signUpInBackground(callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.signUp() }
    }
}
