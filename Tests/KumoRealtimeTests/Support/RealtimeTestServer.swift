import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KumoPostgres
import KumoRealtime
import KumoSQLite
import KumoServer
import KumoStorage
import KumoTestSupport
import KumoTransport
import Logging
import Metrics
import NCMBWire
import NIOCore
import Testing

/// A real Kumo server with realtime on, listening on a free port of 127.0.0.1, over a fresh storage whose change feed
/// is on (SQLite in a temporary directory, or a PostgreSQL scratch schema with `publishesChanges`).
struct RealtimeTestServer: Sendable {
    /// The listening port.
    let port: Int
    /// Signed HTTP requests to the same server.
    let requester: TestRequester
    /// The application every request and connection uses (the documented key set).
    let application: HostedApplication
    /// The pinned clock.
    let clock: TestClock
    /// The storage under the server.
    let storage: any StorageBackend

    static let logger: Logger = {
        var logger = Logger(label: "kumo.test.realtime")
        logger.logLevel = ProcessInfo.processInfo.environment["KUMO_TEST_REALTIME_TRACE"] == nil ? .critical : .trace
        return logger
    }()

    /// Runs `body` against a fresh server on `engine`.
    ///
    /// - Parameters:
    ///   - eventLoopGroup: the loops the server runs on; NIO's shared group by default.
    ///   - observer: told of every change the realtime module matches.
    static func with<Result: Sendable>(
        _ engine: StorageEngine, realtime: RealtimeConfiguration = RealtimeConfiguration(), metrics: (any MetricsFactory)? = nil,
        settings: ApplicationSettings = ApplicationSettings(), eventLoopGroup: (any EventLoopGroup)? = nil,
        observer: (any RealtimeMatchingObserver)? = nil, tls: TLSCredentials? = nil,
        configure: @escaping @Sendable (inout KumoConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (RealtimeTestServer) async throws -> Result
    ) async throws -> Result {
        try await withStorage(engine) { storages in
            let clock = TestClock()
            let application = try await createApplication(in: storages[0], clock: clock, settings: settings)
            return try await serve(
                storages[0], application: application, clock: clock, realtime: realtime, metrics: metrics,
                eventLoopGroup: eventLoopGroup, observer: observer, tls: tls, configure: configure, body)
        }
    }

    /// Opens `count` storages on one fresh database of `engine` (several instances on PostgreSQL; SQLite has one).
    static func withStorage<Result: Sendable>(
        _ engine: StorageEngine, count: Int = 1, _ body: @escaping @Sendable ([any StorageBackend]) async throws -> Result
    ) async throws -> Result {
        switch engine {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-realtime-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let configuration = SQLiteConfiguration(databasePath: directory.appendingPathComponent("kumo.sqlite").path, readerCount: 2)
            let storage = try await SQLiteStorage.open(configuration: configuration, logger: TestDatabase.logger)
            return try await storage.closing { try await body([$0]) }
        case .postgres:
            return try await TestDatabase.withScratchSchema { configuration in
                var configuration = configuration
                configuration.publishesChanges = true
                var storages: [any StorageBackend] = []
                do {
                    for _ in 0..<count {
                        storages.append(try await PostgresStorage.open(configuration: configuration, logger: TestDatabase.logger))
                    }
                    let result = try await body(storages)
                    for storage in storages { try await storage.close() }
                    return result
                } catch {
                    for storage in storages { try? await storage.close() }
                    throw error
                }
            }
        }
    }

    /// Creates the test application (documented keys) in `storage`.
    static func createApplication(
        in storage: any StorageBackend, clock: TestClock, settings: ApplicationSettings = ApplicationSettings()
    ) async throws -> HostedApplication {
        let keys = TestKeys.documented
        let application = HostedApplication(
            applicationId: "TestApplicationId", name: "test", applicationKey: keys.applicationKey, clientKey: keys.clientKey,
            settings: settings, createDate: clock.now())
        try await storage.applications.create(application)
        return application
    }

    /// Serves `storage` with realtime on a free port while `body` runs.
    static func serve<Result: Sendable>(
        _ storage: any StorageBackend, application: HostedApplication, clock: TestClock,
        realtime: RealtimeConfiguration = RealtimeConfiguration(), metrics: (any MetricsFactory)? = nil,
        eventLoopGroup: (any EventLoopGroup)? = nil, observer: (any RealtimeMatchingObserver)? = nil, tls: TLSCredentials? = nil,
        configure: @Sendable (inout KumoConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (RealtimeTestServer) async throws -> Result
    ) async throws -> Result {
        var configuration = KumoConfiguration()
        configure(&configuration)
        configuration.host = "127.0.0.1"
        configuration.port = 0
        let environment = ServerEnvironment.test(storage: storage, clock: clock, logger: logger, mailer: RecordingMailTransport())
        let server = buildApplication(
            configuration: configuration, environment: environment, tls: tls, eventLoopGroup: eventLoopGroup,
            realtime: { gate in
                RealtimeServer(
                    gate: gate, configuration: realtime, logger: logger, metrics: metrics ?? MetricsSystem.factory, observer: observer)
            })
        return try await server.test(.live) { client in
            try await body(
                RealtimeTestServer(
                    port: client.port ?? 0, requester: TestRequester(client: client, application: application, clock: clock),
                    application: application, clock: clock, storage: storage))
        }
    }

    // MARK: Connections

    /// The signed upgrade headers of `GET /2013-09-01/realtime`, optionally with a session token.
    func signedHeaders(sessionToken: String? = nil, clientKey: String? = nil, applicationKey: String? = nil) -> HTTPFields {
        let timestamp = clock.now().formatted
        let key = applicationKey ?? application.applicationKey
        let signature = RequestSignature.signature(
            method: "GET", host: "127.0.0.1:\(port)", path: "/2013-09-01/realtime", rawQuery: nil, applicationKey: key,
            clientKey: clientKey ?? application.clientKey, timestamp: timestamp)
        var headers = HTTPFields()
        headers[HTTPField.Name(NCMBHeaderName.applicationKey)!] = key
        headers[HTTPField.Name(NCMBHeaderName.timestamp)!] = timestamp
        headers[HTTPField.Name(NCMBHeaderName.signature)!] = signature
        if let sessionToken { headers[HTTPField.Name(NCMBHeaderName.sessionToken)!] = sessionToken }
        return headers
    }

    /// The `connect` message signed as the upgrade's GET would be.
    func connectMessage(sessionToken: String? = nil, clientKey: String? = nil) -> JSONValue {
        let timestamp = clock.now().formatted
        let signature = RequestSignature.signature(
            method: "GET", host: "127.0.0.1:\(port)", path: "/2013-09-01/realtime", rawQuery: nil,
            applicationKey: application.applicationKey, clientKey: clientKey ?? application.clientKey, timestamp: timestamp)
        var message: JSONObject = [
            "op": "connect", "applicationKey": .string(application.applicationKey), "timestamp": .string(timestamp),
            "signature": .string(signature),
        ]
        if let sessionToken { message["sessionToken"] = .string(sessionToken) }
        return .object(message)
    }

    /// A client authenticated by the signed upgrade, after its `connected` message.
    func connectedClient(sessionToken: String? = nil) async -> RealtimeTestClient {
        let client = RealtimeTestClient(port: port, headers: signedHeaders(sessionToken: sessionToken))
        let connected = await client.next()
        if connected?["op"] != "connected" { Issue.record("expected connected, got \(String(describing: connected))") }
        return client
    }

    /// Subscribes and waits for `subscribed`.
    func subscribe(
        _ client: RealtimeTestClient, requestId: Int64, className: String, where condition: JSONValue? = nil, keys: [String]? = nil
    ) async {
        var message: JSONObject = ["op": "subscribe", "requestId": .integer(requestId), "className": .string(className)]
        if let condition { message["where"] = condition }
        if let keys { message["keys"] = .array(keys.map { .string($0) }) }
        client.send(.object(message))
        let answer = await client.next()
        if answer?["op"] != "subscribed" || answer?["requestId"] != .integer(requestId) {
            Issue.record("expected subscribed \(requestId), got \(String(describing: answer))")
        }
    }
}
