import Foundation

/// A connection to one application on one server: its keys, URL, transport, signed-in user and settings.
///
/// Most apps use one application and never create a client: `NCMB.initialize` configures ``default``, which every
/// ncmb_swift-style call uses. Create more clients to talk to several applications or servers at once, each with its own
/// keys and its own signed-in user:
///
/// ```swift
/// let staging = NCMBClient(configuration: .init(
///     applicationKey: stagingKey, clientKey: stagingSecret, domainURL: "https://staging.example.com/"))
/// let scores = try await staging.run {
///     try await NCMBQuery.getQuery(className: "GameScore").find()   // sent to staging
/// }
/// let score = staging.object(className: "GameScore")               // saved to staging
/// ```
///
/// Inside `run(_:)`, every SDK call (`NCMBObject(className:)`, `NCMBUser.logIn`, `NCMBUser.currentUser`,
/// typed models…) uses this client; objects and queries keep the client they were created with.
///
/// - Note: A Kumo addition; ncmb_swift has the `NCMB` singleton only, which Kumo keeps as ``default``.
public final class NCMBClient: Sendable {
    /// The keys, URL, transport, timeouts and session of the client; `NCMB.initialize` replaces those of ``default``.
    private let state: Locked<NCMBContext>

    /// Creates a client.
    ///
    /// - Parameter configuration: The application, the server and the settings.
    public convenience init(configuration: Configuration) {
        self.init(context: configuration.context())
    }

    /// Creates a client over an SDK context; tests and ``default`` use it.
    package init(context: NCMBContext) {
        self.state = Locked(context)
    }

    /// The client `NCMB.initialize` configures and every call outside `run(_:)` uses.
    ///
    /// Its signed-in user persists in the platform's standard store (``Configuration/standardLocalStore(name:)`` with
    /// the name `NCMB`): the Keychain on Apple platforms, files elsewhere.
    public static let `default` = NCMBClient(
        context: NCMBContext(session: NCMBSession(localStore: Configuration.standardLocalStore(name: "NCMB"))))

    /// The client's current settings.
    public var configuration: Configuration { Configuration(state.current) }

    /// Receives an event for each request, answer and failure of objects and queries created from now on; `nil` for
    /// none. Set it on ``default`` after `NCMB.initialize` to log the ncmb_swift-style calls.
    public var logHandler: NCMBLogHandler? {
        get { context.logHandler }
        set { update { $0.logHandler = newValue } }
    }

    /// When reads of objects and queries created from now on are sent again after a failure that may pass.
    public var retryPolicy: NCMBRetryPolicy {
        get { context.retryPolicy }
        set { update { $0.retryPolicy = newValue } }
    }

    /// The context requests are sent with now.
    package var context: NCMBContext { state.current }

    /// Changes the context later objects and queries take; `NCMB.initialize` and tests use it.
    package func update(_ change: (inout NCMBContext) -> Void) {
        state.withLock(change)
    }

    /// Runs `body` with this client as the one SDK calls use.
    ///
    /// - Parameter body: The work: objects and queries created in it, and the static calls it makes, use this client.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        try NCMBContext.$current.withValue(context, operation: body)
    }

    /// Runs asynchronous `body` with this client as the one SDK calls use, in the task and the child tasks it starts.
    ///
    /// `body` runs on the caller's actor (the main actor when called from it), as `TaskLocal.withValue` does.
    ///
    /// - Parameter body: The work: objects and queries created in it, and the static calls it makes, use this client.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func run<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await NCMBContext.$current.withValue(context, operation: body, isolation: isolation)
    }

    /// A new object of a data store class, saved to this client's application.
    ///
    /// - Parameter className: The class name, `[A-Za-z][A-Za-z0-9_]{0,99}`.
    /// - Returns: An object with no fields, as `NCMBObject(className:)` creates it.
    public func object(className: String) -> NCMBObject {
        run { NCMBObject(className: className) }
    }

    /// A query over a data store class of this client's application.
    ///
    /// - Parameter className: The class name.
    /// - Returns: A query with no condition, as `NCMBQuery.getQuery(className:)` creates it.
    public func query(className: String) -> NCMBQuery<NCMBObject> {
        run { NCMBQuery.getQuery(className: className) }
    }

    /// The user signed in with this client; `nil` when nobody is.
    public var currentUser: NCMBUser? {
        let context = self.context
        return context.session.currentUser(in: context)
    }

    /// The user signed in with this client now, then again at every sign-up, login, logout, and save or fetch of the
    /// signed-in user; `nil` when nobody is signed in.
    ///
    /// ```swift
    /// for await user in client.currentUserChanges {
    ///     showAccount(user)
    /// }
    /// ```
    ///
    /// Each access returns a new stream. Only the latest value waits for a slow listener; the stream ends when its
    /// listener stops listening.
    public var currentUserChanges: AsyncStream<NCMBUser?> {
        let context = self.context
        return context.session.currentUserChanges(in: context)
    }
}
