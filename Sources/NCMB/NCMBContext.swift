package import Foundation

/// Everything a request needs that is not in the request: keys, base URL, transport, clock, timeouts and the session.
///
/// `NCMB.initialize` sets the process-wide context. Code can bind another one for a task with the task-local
/// ``current``; objects and queries capture the context they are created in, so tests run in parallel, each with its own
/// transport and keys (docs/architecture.md#server-environment-errors-and-applications).
package struct NCMBContext: Sendable {
    /// The application key, sent in `X-NCMB-Application-Key`.
    package var applicationKey: String
    /// The client key: the HMAC key of request signatures, never sent.
    package var clientKey: String
    /// The base URL requests go to, e.g. `https://mbaas.api.nifcloud.com/` or `http://127.0.0.1:8080/`.
    package var domainURL: String
    /// The API version given to `initialize`; kept for compatibility, as the router always prints `2013-09-01`.
    package var apiVersion: String
    /// Sends the requests.
    package var transport: any NCMBTransport
    /// The clock whose time becomes `X-NCMB-Timestamp`.
    package var now: @Sendable () -> Date
    /// Timeout of API requests, in seconds.
    package var requestTimeout: TimeInterval
    /// Timeout of file requests, in seconds.
    package var fileRequestTimeout: TimeInterval
    /// The session of the signed-in user, shared by every copy of this context.
    package let session: NCMBSession
    /// The source of the UUIDs that identify automatic (anonymous) users.
    package var newUUID: @Sendable () -> UUID
    /// The WebSocket client, clock, randomness and limits of realtime subscriptions.
    package var realtime: RealtimeDependencies

    /// The timeout of API requests unless configured otherwise: 10 seconds, as in ncmb_swift.
    package static let defaultRequestTimeout: TimeInterval = 10
    /// The timeout of file requests unless configured otherwise: 120 seconds, as in ncmb_swift.
    package static let defaultFileRequestTimeout: TimeInterval = 120

    /// Creates a context; every argument defaults to what an uninitialized SDK uses, except that the default session
    /// persists the signed-in user to memory only (the process-wide context persists it to ``FileLocalStore/standard``).
    package init(
        applicationKey: String = "", clientKey: String = "", domainURL: String = NCMB.DEFAULT_DOMAIN_URL,
        apiVersion: String = NCMB.DEFAULT_API_VERSION, transport: any NCMBTransport = URLSessionTransport(),
        now: @escaping @Sendable () -> Date = { Date() }, requestTimeout: TimeInterval = NCMBContext.defaultRequestTimeout,
        fileRequestTimeout: TimeInterval = NCMBContext.defaultFileRequestTimeout, session: NCMBSession = NCMBSession(),
        newUUID: @escaping @Sendable () -> UUID = { UUID() }, realtime: RealtimeDependencies = RealtimeDependencies()
    ) {
        self.applicationKey = applicationKey
        self.clientKey = clientKey
        self.domainURL = domainURL
        self.apiVersion = apiVersion
        self.transport = transport
        self.now = now
        self.requestTimeout = requestTimeout
        self.fileRequestTimeout = fileRequestTimeout
        self.session = session
        self.newUUID = newUUID
        self.realtime = realtime
    }

    /// The context bound to the current task, if any; `nil` means the process-wide one set by `NCMB.initialize`.
    @TaskLocal package static var current: NCMBContext?

    /// The context in effect here: the task-local one, or the process-wide one.
    package static var resolved: NCMBContext { current ?? NCMB.context }
}

/// The signed-in user and their session token, shared by the copies of one context.
///
/// The user is persisted to ``localStore`` when they sign up or log in, and restored from it the first time the token
/// or the user is needed, so a relaunched app is still signed in.
package final class NCMBSession: Sendable {
    /// Where the signed-in user is persisted between launches.
    package let localStore: any NCMBLocalStore
    /// The token, the current user and the automatic-user switch.
    let state = Locked(NCMBSessionState())

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
