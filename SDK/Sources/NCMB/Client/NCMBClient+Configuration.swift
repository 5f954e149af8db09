public import Foundation

extension NCMBClient {
    /// What a client connects to and how: the application's keys, the server's URL, the transport, timeouts, where the
    /// signed-in user persists, retries and logging.
    ///
    /// - Note: A Kumo addition.
    public struct Configuration: Sendable {
        /// The application key, sent in `X-NCMB-Application-Key`.
        public var applicationKey: String
        /// The client key: it signs requests and is never sent.
        public var clientKey: String
        /// The server's base URL, with a trailing slash, e.g. `https://kumo.example.com/`. Defaults to
        /// ``NCMB/DEFAULT_DOMAIN_URL``.
        public var domainURL: String
        /// Sends the requests. Defaults to a ``URLSessionTransport`` over `URLSession.shared`.
        public var transport: any NCMBTransport
        /// How long an API request may take, in seconds. Defaults to 10.
        public var requestTimeout: TimeInterval
        /// How long a file upload or download may take, in seconds. Defaults to 120.
        public var fileRequestTimeout: TimeInterval
        /// Where the signed-in user and this device's installation persist between launches. Defaults to a
        /// ``MemoryLocalStore`` (nothing persists); pass ``standardLocalStore(name:)`` to keep the user signed in.
        ///
        /// It is read when the client is created: changing it on ``NCMBClient/configuration`` has no effect.
        public var localStore: any NCMBLocalStore
        /// When reads are sent again after a failure that may pass. Defaults to ``NCMBRetryPolicy/none``.
        public var retryPolicy: NCMBRetryPolicy
        /// Receives an event for each request, answer and failure, without keys, tokens or bodies. Defaults to `nil`.
        public var logHandler: NCMBLogHandler?

        /// Creates a configuration; every setting but the keys has its documented default.
        public init(
            applicationKey: String, clientKey: String, domainURL: String = NCMB.DEFAULT_DOMAIN_URL,
            transport: any NCMBTransport = URLSessionTransport(), requestTimeout: TimeInterval = 10,
            fileRequestTimeout: TimeInterval = 120, localStore: any NCMBLocalStore = MemoryLocalStore(),
            retryPolicy: NCMBRetryPolicy = .none, logHandler: NCMBLogHandler? = nil
        ) {
            self.applicationKey = applicationKey
            self.clientKey = clientKey
            self.domainURL = domainURL
            self.transport = transport
            self.requestTimeout = requestTimeout
            self.fileRequestTimeout = fileRequestTimeout
            self.localStore = localStore
            self.retryPolicy = retryPolicy
            self.logHandler = logHandler
        }

        /// The settings of `context`.
        init(_ context: NCMBContext) {
            self.init(
                applicationKey: context.applicationKey, clientKey: context.clientKey, domainURL: context.domainURL,
                transport: context.transport, requestTimeout: context.requestTimeout,
                fileRequestTimeout: context.fileRequestTimeout, localStore: context.session.localStore,
                retryPolicy: context.retryPolicy, logHandler: context.logHandler)
        }

        /// A new SDK context with these settings and a session of its own over ``localStore``.
        func context() -> NCMBContext {
            NCMBContext(
                applicationKey: applicationKey, clientKey: clientKey, domainURL: domainURL, transport: transport,
                requestTimeout: requestTimeout, fileRequestTimeout: fileRequestTimeout,
                session: NCMBSession(localStore: localStore), retryPolicy: retryPolicy, logHandler: logHandler)
        }

        /// The platform's standard store for a client named `name`: on Apple platforms the Keychain (service `name`),
        /// into which the files an earlier version of the SDK kept in `Application Support/<name>` move the first time
        /// they are read; elsewhere files in the directory `<name>` of the temporary directory.
        ///
        /// - Parameter name: Tells the clients of an app apart; the default client's is `NCMB`.
        /// - Returns: The store (docs/decisions/0127-sessions-in-the-keychain.md).
        public static func standardLocalStore(name: String) -> any NCMBLocalStore {
            let files = FileLocalStore(directory: FileLocalStore.standardDirectory(name: name, fileManager: .default))
            #if canImport(Security)
                return MovingLocalStore(destination: KeychainLocalStore(service: name), origin: files)
            #else
                return files
            #endif
        }
    }
}
