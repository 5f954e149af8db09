package import Foundation

/// Everything a request needs that is not in the request: keys, base URL, transport, clock, timeouts and the session.
///
/// Each ``NCMBClient`` holds one; `NCMB.initialize` sets the default client's. Code binds another one for a task with the
/// task-local ``current`` (`NCMBClient.run`); objects and queries capture the context they are
/// created in, so clients, and tests, run side by side, each with its own transport, keys and session
/// (docs/architecture.md#server-environment-errors-and-applications).
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
    /// When reads are sent again after a failure that may pass. Defaults to ``NCMBRetryPolicy/none``.
    package var retryPolicy: NCMBRetryPolicy
    /// Receives an event for each request, answer and failure; `nil` for none.
    package var logHandler: NCMBLogHandler?
    /// A monotonic clock in seconds, for the durations of log events.
    package var uptime: @Sendable () -> TimeInterval
    /// Waits the given number of seconds before a retry; throws `CancellationError` when the task is cancelled.
    package var sleep: @Sendable (TimeInterval) async throws -> Void
    /// A number in `0..<1`, for the jitter of retry delays.
    package var random: @Sendable () -> Double
    /// Where queries cache their answers (``NCMBQuery/cachePolicy``). Defaults to ``NCMBQueryCache/standard``.
    package var queryCache: NCMBQueryCache = .standard
    /// The queue of eventual writes (`saveEventually`), shared by every copy of this context.
    package var outbox: NCMBOutbox

    /// The timeout of API requests unless configured otherwise: 10 seconds, as in ncmb_swift.
    package static let defaultRequestTimeout: TimeInterval = 10
    /// The timeout of file requests unless configured otherwise: 120 seconds, as in ncmb_swift.
    package static let defaultFileRequestTimeout: TimeInterval = 120

    /// Creates a context; every argument defaults to what an uninitialized SDK uses, except that the default session
    /// persists the signed-in user to memory only (the default client persists it to the platform's standard store).
    package init(
        applicationKey: String = "", clientKey: String = "", domainURL: String = NCMB.DEFAULT_DOMAIN_URL,
        apiVersion: String = NCMB.DEFAULT_API_VERSION, transport: any NCMBTransport = URLSessionTransport(),
        now: @escaping @Sendable () -> Date = { Date() }, requestTimeout: TimeInterval = NCMBContext.defaultRequestTimeout,
        fileRequestTimeout: TimeInterval = NCMBContext.defaultFileRequestTimeout, session: NCMBSession = NCMBSession(),
        newUUID: @escaping @Sendable () -> UUID = { UUID() }, realtime: RealtimeDependencies = RealtimeDependencies(),
        retryPolicy: NCMBRetryPolicy = .none, logHandler: NCMBLogHandler? = nil,
        uptime: @escaping @Sendable () -> TimeInterval = { ProcessInfo.processInfo.systemUptime },
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = RealtimeDependencies.realSleep,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        outbox: NCMBOutbox = NCMBOutbox()
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
        self.retryPolicy = retryPolicy
        self.logHandler = logHandler
        self.uptime = uptime
        self.sleep = sleep
        self.random = random
        self.outbox = outbox
    }

    /// The context bound to the current task, if any; `nil` means the process-wide one set by `NCMB.initialize`.
    @TaskLocal package static var current: NCMBContext?

    /// The context in effect here: the task-local one (bound by `NCMBClient.run` or by tests), or the
    /// default client's.
    package static var resolved: NCMBContext { current ?? NCMBClient.default.context }
}
