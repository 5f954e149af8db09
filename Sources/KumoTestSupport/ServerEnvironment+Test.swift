import KumoIdentity
import KumoPush
package import KumoSeams
package import KumoServer
package import KumoStorage
package import Logging
package import KumoSeamsTestSupport

extension ServerEnvironment {
    /// The environment of an in-process test server: the given clock, incrementing identifiers, bcrypt at its lowest
    /// cost, mails into `mailer`, and the live SNS verifiers and push clients on that clock (a test that exercises them
    /// points them at fakes or replaces them through `TestApplication.with(environment:)`).
    package static func test(storage: any StorageBackend, clock: TestClock, logger: Logger, mailer: any MailTransport) -> ServerEnvironment {
        let identifiers = IncrementingIdentifiers()
        return ServerEnvironment(
            storage: storage, clock: clock, identifiers: identifiers, logger: logger, passwordHasher: testPasswordHasher(),
            mailer: mailer, authDataVerifier: ProviderAuthDataVerifier(clock: clock, identifiers: identifiers, logger: logger),
            pushSender: PlatformPushSender(clock: clock, logger: logger))
    }
}
