import KumoIdentity
import KumoPush
import KumoSeams
import KumoServer
import KumoStorage
import Logging

extension ServerEnvironment {
    /// The production environment over a storage engine: system clock, CSPRNG identifiers, the given password hasher
    /// and mail transport, the SNS provider verifiers and the APNs/FCM clients at `pushEndpoints`.
    static func live(
        storage: any StorageBackend, logger: Logger, passwordHasher: any PasswordHasher, mailer: any MailTransport,
        pushEndpoints: PushEndpoints
    ) -> ServerEnvironment {
        let clock = SystemWallClock()
        let identifiers = RandomIdentifierGenerator()
        return ServerEnvironment(
            storage: storage, clock: clock, identifiers: identifiers, logger: logger, passwordHasher: passwordHasher,
            mailer: mailer, authDataVerifier: ProviderAuthDataVerifier(clock: clock, identifiers: identifiers, logger: logger),
            pushSender: PlatformPushSender(endpoints: pushEndpoints, clock: clock, logger: logger))
    }
}
