package import Foundation
import Hummingbird
import HummingbirdTesting
package import KumoServer
package import KumoStorage
package import KumoTransport
import Logging
import NCMBWire
package import KumoSeamsTestSupport

/// A real Kumo server (real SQLite in a temporary directory, or PostgreSQL in a scratch schema: ``StorageUnderTest``) with a
/// deterministic clock and identifiers, driven through Hummingbird's in-process `.router` tier: no socket
/// (docs/architecture.md#tests).
package struct TestApplication: Sendable {
    /// The storage engine under the server.
    package let storage: any StorageBackend
    /// The application created for the test, with the keys it was asked for.
    package let application: HostedApplication
    /// The pinned clock.
    package let clock: TestClock
    /// The environment the server was built with.
    package let environment: ServerEnvironment
    /// The configuration the server was built with.
    package let configuration: KumoConfiguration
    /// A temporary directory for the test's own files, removed afterwards.
    package let directory: URL
    /// Every mail the server sent (the environment's mailer, unless the test replaced it).
    package let mailbox: RecordingMailTransport

    /// Runs `body` against a fresh server on a fresh storage of `engine` and removes everything afterwards.
    package static func with<Result: Sendable>(
        engine: StorageEngine = .sqlite,
        readLimits: ReadLimits = .unlimited,
        objectLimits: ObjectLimits = .standard,
        keys: TestKeys.KeySet = TestKeys.documented,
        configure: (inout KumoConfiguration) -> Void = { _ in },
        settings: ApplicationSettings = ApplicationSettings(),
        environment customize: (inout ServerEnvironment) -> Void = { _ in },
        _ body: (TestApplication) async throws -> Result
    ) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var logger = Logger(label: "kumo.test")
        logger.logLevel = .critical
        return try await StorageUnderTest.with(engine, readLimits: readLimits, objectLimits: objectLimits) { storage in
            let clock = TestClock()
            let application = HostedApplication(
                applicationId: "TestApplicationId", name: "test", applicationKey: keys.applicationKey, clientKey: keys.clientKey,
                settings: settings, createDate: clock.now())
            var configuration = KumoConfiguration()
            configure(&configuration)
            let mailbox = RecordingMailTransport()
            var environment = ServerEnvironment.test(storage: storage, clock: clock, logger: logger, mailer: mailbox)
            customize(&environment)
            let testApplication = TestApplication(
                storage: storage, application: application, clock: clock, environment: environment, configuration: configuration,
                directory: directory, mailbox: mailbox)
            try await storage.applications.create(application)
            return try await body(testApplication)
        }
    }

    /// Runs `body` against this server listening on a free port of 127.0.0.1, for tests that talk raw TCP: `body`
    /// gets the port and a requester connected over HTTP.
    ///
    /// - Parameter tls: serve HTTPS with these credentials (the requester then cannot be used: it speaks plain HTTP).
    package func testLive<Result: Sendable>(
        tls: TLSCredentials? = nil, _ body: @escaping @Sendable (Int, TestRequester) async throws -> Result
    ) async throws -> Result {
        var configuration = configuration
        configuration.host = "127.0.0.1"
        configuration.port = 0
        let server = buildApplication(configuration: configuration, environment: environment, tls: tls)
        return try await server.test(.live) { client in
            try await body(client.port ?? 0, TestRequester(client: client, application: application, clock: clock))
        }
    }

    /// Runs `body` with a client connected in process to this server.
    package func test<Result: Sendable>(_ body: @escaping @Sendable (TestRequester) async throws -> Result) async throws -> Result {
        let server = buildApplication(configuration: configuration, environment: environment)
        return try await server.test(.router) { client in
            try await body(TestRequester(client: client, application: application, clock: clock))
        }
    }
}
