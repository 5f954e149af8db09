import Foundation
package import KumoServer
package import KumoStorage
import Logging
import NCMBWire
import KumoSeamsTestSupport

extension TestApplication {
    /// The application every fake-storage test authenticates as (keys K1 of docs/wire/signature.md#key-sets).
    package static let fakeApplication = HostedApplication(
        applicationId: "FakeApplicationId", name: "fake", applicationKey: TestKeys.documented.applicationKey,
        clientKey: TestKeys.documented.clientKey, createDate: TestClock.start)

    /// Runs `body` against a server over the given storage (usually a `FailingStorage` with only the expected calls
    /// provided), for unit tests of the pipeline and controllers (docs/architecture.md#tests).
    ///
    /// The storage's application lookups must answer for ``fakeApplication``'s key; `withFakeApplication(_:)` does that.
    package static func with<Result: Sendable>(
        storage: any StorageBackend, configure: (inout KumoConfiguration) -> Void = { _ in },
        environment customize: (inout ServerEnvironment) -> Void = { _ in },
        _ body: (TestApplication) async throws -> Result
    ) async throws -> Result {
        var logger = Logger(label: "kumo.test")
        logger.logLevel = .critical
        let clock = TestClock()
        var configuration = KumoConfiguration()
        configure(&configuration)
        let mailbox = RecordingMailTransport()
        var environment = ServerEnvironment.test(storage: storage, clock: clock, logger: logger, mailer: mailbox)
        customize(&environment)
        return try await body(
            TestApplication(
                storage: storage, application: fakeApplication, clock: clock, environment: environment, configuration: configuration,
                directory: FileManager.default.temporaryDirectory, mailbox: mailbox))
    }
}

extension FailingStorage {
    /// A copy whose application store answers ``TestApplication/fakeApplication`` by key, reports that it has no
    /// class-level permissions (every class open), and fails on anything else.
    package func withFakeApplication() -> FailingStorage {
        var storage = self
        storage.applicationStore.onApplicationByKey = { key in
            key == TestApplication.fakeApplication.applicationKey ? TestApplication.fakeApplication : nil
        }
        storage.applicationStore.onClassPermissions = { _ in [:] }
        return storage
    }
}
