import KumoStorage
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// PostgreSQL's side of the change feed (docs/architecture.md#change-feed): one `LISTEN` connection per instance, and
/// the instance's row in `change_listeners` while its realtime module listens.
///
/// - While listened to, the row is renewed every ``renewal`` to expire ``lifetime`` later, so writes through any
///   instance announce their changes (``PostgresChangeAnnouncer``); an instance that dies stops renewing and writes
///   stop announcing once its row expired. The row is keyed by the listening connection's backend process id.
/// - Notifications are published in the order they arrive, which is commit order. A notification carrying `#<id>` is
///   read from `change_log`; rows older than ``logRetention`` are swept.
/// - When the connection is lost, listeners hear ``ChangeFeedEvent/interrupted`` (changes committed until it is back
///   are lost: the realtime module closes its subscriptions with an error so that clients subscribe again), and the
///   connection is opened again after a pause that doubles up to 10 seconds.
actor PostgresChangeListener: ChangeFeedSource {
    /// How often the listener row is renewed.
    static let renewal: Duration = .seconds(10)
    /// How long a listener row stays valid without renewal.
    static let lifetime = "30 seconds"
    /// How long a `change_log` row is kept for listeners that are late to read it.
    static let logRetention = "5 minutes"

    private let configuration: PostgresConfiguration
    private let database: PostgresDatabase
    private let channel: String
    private let logger: Logger
    private weak var feed: ChangeFeed?

    /// Whether a listener wants changes.
    private var isWanted = false
    /// The backend process id of the listening connection while it listens.
    private var listeningProcess: Int64?
    /// Whether the listener row is registered for the current connection.
    private var isRegistered = false
    /// Callers of ``startListening()`` waiting for the connection and the row.
    private var waiters: [CheckedContinuation<Void, any Error>] = []
    private var loop: Task<Void, Never>?

    init(configuration: PostgresConfiguration, database: PostgresDatabase, channel: String, logger: Logger) {
        self.configuration = configuration
        self.database = database
        self.channel = channel
        self.logger = logger
    }

    /// Connects the feed the listener publishes to (the feed owns the listener).
    func attach(_ feed: ChangeFeed) { self.feed = feed }

    func startListening() async throws {
        isWanted = true
        if loop == nil { loop = Task { await run() } }
        if let process = listeningProcess {
            if !isRegistered {
                try await register(process: process)
            }
            return
        }
        try await withCheckedThrowingContinuation { waiters.append($0) }
    }

    nonisolated func stopListening() {
        Task { await self.stop() }
    }

    /// Ends the connection (the storage is closing).
    func close() async {
        loop?.cancel()
        await loop?.value
        loop = nil
        for waiter in waiters { waiter.resume(throwing: StorageError.unavailable("The storage is closed.")) }
        waiters.removeAll()
    }

    private func stop() async {
        // A new listener may have come since the last one left (this runs in a task of its own).
        guard !(feed?.isListened ?? false) else { return }
        isWanted = false
        guard isRegistered, let process = listeningProcess else { return }
        isRegistered = false
        do {
            try await database.single { transaction in
                try await transaction.execute("DELETE FROM change_listeners WHERE listener_id = $1", [.text(String(process))])
            }
        } catch {
            logger.warning("The change feed's listener row could not be removed", metadata: ["error": "\(error)"])
        }
    }

    /// Upserts this instance's row so that writes announce their changes.
    private func register(process: Int64) async throws {
        try await database.single { [lifetime = PostgresChangeListener.lifetime] transaction in
            try await transaction.execute(
                "INSERT INTO change_listeners (listener_id, expires_at) VALUES ($1, now() + interval '\(lifetime)') "
                    + "ON CONFLICT (listener_id) DO UPDATE SET expires_at = EXCLUDED.expires_at",
                [.text(String(process))])
        }
        isRegistered = isWanted
    }

    /// Connects, listens, publishes; again after a pause when the connection is lost, until cancelled.
    private func run() async {
        var pause: Duration = .milliseconds(500)
        while !Task.isCancelled {
            do {
                try await listenOnce()
                pause = .milliseconds(500)
            } catch {
                if Task.isCancelled { break }
                logger.warning("The change feed's LISTEN connection failed", metadata: ["error": "\(error)"])
            }
            let wasListening = listeningProcess != nil
            listeningProcess = nil
            isRegistered = false
            if wasListening { feed?.interrupt() }
            for waiter in waiters { waiter.resume(throwing: StorageError.unavailable("The change feed cannot listen.")) }
            waiters.removeAll()
            if Task.isCancelled { break }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(10))
        }
    }

    /// One connection's life: `LISTEN`, register, publish what arrives while renewing the row.
    private func listenOnce() async throws {
        let connection = try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.any(), configuration: try configuration.listenerConfiguration(),
            id: 0, logger: logger
        ).get()
        do {
            let process =
                try await connection.query("SELECT pg_backend_pid()::bigint", logger: logger)
                .decode(Int64.self).first { _ in true } ?? 0
            try await connection.listen(on: channel) { notifications in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    try await self.listening(process: process)
                    group.addTask { try await self.renewWhileListening() }
                    for try await notification in notifications {
                        try await self.publish(notification.payload)
                    }
                    group.cancelAll()
                }
            }
        } catch {
            try? await connection.close()
            throw error
        }
        try? await connection.close()
    }

    /// The connection listens: register when wanted and release the waiters.
    private func listening(process: Int64) async throws {
        listeningProcess = process
        if isWanted { try await register(process: process) }
        for waiter in waiters { waiter.resume() }
        waiters.removeAll()
    }

    /// Renews the row while wanted and sweeps old rows, every ``renewal``.
    private func renewWhileListening() async throws {
        while !Task.isCancelled {
            try await Task.sleep(for: PostgresChangeListener.renewal)
            if isWanted, let process = listeningProcess { try await register(process: process) }
            try await database.single { [retention = PostgresChangeListener.logRetention] transaction in
                try await transaction.execute("DELETE FROM change_log WHERE created_at < now() - interval '\(retention)'")
                try await transaction.execute("DELETE FROM change_listeners WHERE expires_at < now()")
            }
        }
    }

    /// Publishes one notification's change, reading it from `change_log` when it was too long to carry.
    private func publish(_ payload: String) async throws {
        guard let feed else { return }
        var text = payload
        if payload.hasPrefix("#"), let identifier = Int64(payload.dropFirst()) {
            let rows = try await database.single { transaction in
                try await transaction.rows("SELECT payload FROM change_log WHERE change_id = $1", [.integer(identifier)])
            }
            guard let stored = rows.first?.string("payload") else {
                logger.warning("A change of the change feed was swept before it was read", metadata: ["change_id": "\(identifier)"])
                feed.interrupt()
                return
            }
            text = stored
        }
        do {
            feed.publish([try StorageChange(encoded: text)])
        } catch {
            logger.warning("A change of the change feed could not be read", metadata: ["error": "\(error)"])
            feed.interrupt()
        }
    }
}

extension PostgresConfiguration {
    /// The configuration of the one dedicated `LISTEN` connection: the pool's address, login, TLS and schema.
    func listenerConfiguration() throws -> PostgresConnection.Configuration {
        // `application_name` below is the channel: `kumo_changes` or `kumo_changes_<hash of the schema>`.
        let tls: PostgresConnection.Configuration.TLS
        var unverified = TLSConfiguration.makeClientConfiguration()
        unverified.certificateVerification = .none
        switch transportSecurity {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(try NIOSSLContext(configuration: unverified))
        case .require: tls = .require(try NIOSSLContext(configuration: unverified))
        case .verifyFull: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        var connection = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        connection.options.connectTimeout = .seconds(Int64(max(1, timeout.components.seconds)))
        // Named after its channel, so that an operator (or a test) can tell one deployment's listener from another's.
        var parameters = [("application_name", PostgresChangeAnnouncer.channel(schema: schema))]
        if let schema { parameters.append(("search_path", schema)) }
        connection.options.additionalStartupParameters = parameters
        return connection
    }
}
