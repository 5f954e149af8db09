package import Foundation
package import Hummingbird
package import HummingbirdTesting
package import KumoServer
import KumoSQLite
package import KumoStorage
import Logging
package import NCMBWire

/// A real Kumo server (real SQLite in a temporary directory) with a deterministic clock and identifiers, driven through
/// Hummingbird's in-process `.router` tier: no socket (architecture §9, tier 2).
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
    /// The temporary directory holding the database.
    package let directory: URL

    /// Runs `body` against a fresh server and removes everything afterwards.
    package static func with<Result: Sendable>(
        keys: TestKeys.KeySet = TestKeys.documented,
        configure: (inout KumoConfiguration) -> Void = { _ in },
        _ body: (TestApplication) async throws -> Result
    ) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var logger = Logger(label: "kumo.test")
        logger.logLevel = .critical
        let storage: SQLiteStorage
        do {
            storage = try await SQLiteStorage.open(
                configuration: SQLiteConfiguration(databasePath: directory.appendingPathComponent("kumo.sqlite").path), logger: logger)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        let clock = TestClock()
        let application = HostedApplication(
            applicationId: "TestApplicationId", name: "test", applicationKey: keys.applicationKey, clientKey: keys.clientKey,
            createDate: clock.now())
        var configuration = KumoConfiguration()
        configure(&configuration)
        let environment = ServerEnvironment(storage: storage, clock: clock, identifiers: IncrementingIdentifiers(), logger: logger)
        let testApplication = TestApplication(
            storage: storage, application: application, clock: clock, environment: environment, configuration: configuration,
            directory: directory)
        do {
            try await storage.applications.create(application)
            let result = try await body(testApplication)
            try await storage.close()
            try? FileManager.default.removeItem(at: directory)
            return result
        } catch {
            try? await storage.close()
            try? FileManager.default.removeItem(at: directory)
            throw error
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
