package import KumoStorage
package import Logging

/// Everything the server calls that is not pure computation (style guide §4), passed once to `buildApplication`.
package struct ServerEnvironment: Sendable {
    /// The storage engine.
    package var storage: any StorageBackend
    /// The time source.
    package var clock: any WallClock
    /// The identifier and key source.
    package var identifiers: any IdentifierGenerator
    /// The server's logger; requests derive theirs from it.
    package var logger: Logger
    /// Password hashing (bcrypt in production).
    package var passwordHasher: any PasswordHasher
    /// Where mails go (mail-address entry, password reset, address confirmation).
    package var mailer: any MailTransport
    /// Checks SNS `authData` tokens; by default the provider verifiers on this environment's clock and logger.
    package var authDataVerifier: any AuthDataVerifier
    /// Delivers push notifications to APNs and FCM; by default the platform clients on the real endpoints.
    package var pushSender: any PushNotificationSender
    /// Runs deployed scripts; by default none can run (every call answers 503). `kumo serve` wires the Node.js pool.
    package var scripts: any ScriptRunner = UnavailableScriptRunner()
    /// Takes script execution log entries; `nil` (the default) writes each one to storage before the call answers.
    package var scriptExecutions: (any ScriptExecutionRecorder)?

    /// Creates an environment.
    package init(
        storage: any StorageBackend, clock: any WallClock, identifiers: any IdentifierGenerator, logger: Logger,
        passwordHasher: any PasswordHasher = BcryptPasswordHasher(), mailer: any MailTransport = UnconfiguredMailTransport(),
        authDataVerifier: (any AuthDataVerifier)? = nil, pushSender: (any PushNotificationSender)? = nil
    ) {
        self.storage = storage
        self.clock = clock
        self.identifiers = identifiers
        self.logger = logger
        self.passwordHasher = passwordHasher
        self.mailer = mailer
        self.authDataVerifier =
            authDataVerifier ?? ProviderAuthDataVerifier(clock: clock, identifiers: identifiers, logger: logger)
        self.pushSender = pushSender ?? PlatformPushSender(clock: clock, logger: logger)
    }

    /// The production environment over a storage engine: system clock, CSPRNG identifiers, bcrypt.
    package static func live(
        storage: any StorageBackend, logger: Logger, passwordHasher: any PasswordHasher = BcryptPasswordHasher(),
        mailer: any MailTransport = UnconfiguredMailTransport(), pushEndpoints: PushEndpoints = .production
    ) -> ServerEnvironment {
        let clock = SystemWallClock()
        return ServerEnvironment(
            storage: storage, clock: clock, identifiers: RandomIdentifierGenerator(), logger: logger,
            passwordHasher: passwordHasher, mailer: mailer,
            pushSender: PlatformPushSender(endpoints: pushEndpoints, clock: clock, logger: logger))
    }
}
