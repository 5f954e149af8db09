package import Foundation

/// Everything a request needs that is not in the request: keys, base URL, transport, clock, timeouts and the session.
///
/// `NCMB.initialize` sets the process-wide context. Code can bind another one for a task with the task-local
/// ``current``; objects and queries capture the context they are created in, so tests run in parallel, each with its own
/// transport and keys (architecture §8).
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

    /// The timeout of API requests unless configured otherwise: 10 seconds, as in ncmb_swift.
    package static let defaultRequestTimeout: TimeInterval = 10
    /// The timeout of file requests unless configured otherwise: 120 seconds, as in ncmb_swift.
    package static let defaultFileRequestTimeout: TimeInterval = 120

    /// Creates a context; every argument defaults to what an uninitialized SDK uses.
    package init(
        applicationKey: String = "", clientKey: String = "", domainURL: String = NCMB.DEFAULT_DOMAIN_URL,
        apiVersion: String = NCMB.DEFAULT_API_VERSION, transport: any NCMBTransport = URLSessionTransport(),
        now: @escaping @Sendable () -> Date = { Date() }, requestTimeout: TimeInterval = NCMBContext.defaultRequestTimeout,
        fileRequestTimeout: TimeInterval = NCMBContext.defaultFileRequestTimeout, session: NCMBSession = NCMBSession()
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
    }

    /// The context bound to the current task, if any; `nil` means the process-wide one set by `NCMB.initialize`.
    @TaskLocal package static var current: NCMBContext?

    /// The context in effect here: the task-local one, or the process-wide one.
    package static var resolved: NCMBContext { current ?? NCMB.context }
}

/// The session token of the signed-in user, shared by the copies of one context.
package final class NCMBSession: Sendable {
    private let token = Locked<String?>(nil)

    /// Creates a session with no user signed in.
    package init() {}

    /// The token sent in `X-NCMB-Apps-Session-Token`; `nil` when no user is signed in.
    package var sessionToken: String? {
        get { token.current }
        set { token.withLock { $0 = newValue } }
    }

    /// Forgets the token, as ncmb_swift does when the server answers E401001.
    package func clear() { token.withLock { $0 = nil } }
}
