package import KumoSeams
package import KumoStorage
package import Logging

/// Everything the server calls that is not pure computation
/// (docs/style.md#4-dependencies-are-one-value-and-tests-start-from-everything-fails), passed once to
/// `buildApplication`.
///
/// The capabilities (mail, SNS verification, push) are seams: `KumoServer` names only their protocols, and whoever
/// builds the environment passes the implementations (`kumo` the live ones of `KumoMail`, `KumoIdentity` and
/// `KumoPush`, tests fakes).
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
    /// Checks SNS `authData` tokens (`ProviderAuthDataVerifier` of `KumoIdentity` in production).
    package var authDataVerifier: any AuthDataVerifier
    /// Delivers push notifications to APNs and FCM (`PlatformPushSender` of `KumoPush` in production).
    package var pushSender: any PushNotificationSender
    /// Runs deployed scripts; by default none can run (every call answers 503). `kumo serve` wires the Node.js pool.
    package var scripts: any ScriptRunner = UnavailableScriptRunner()
    /// Takes script execution log entries; `nil` (the default) writes each one to storage before the call answers.
    package var scriptExecutions: (any ScriptExecutionRecorder)?
    /// Where the server's metrics go (docs/operations.md#metrics); the process's bootstrapped metrics system by default.
    package var metrics = ServerMetrics()
    /// Where each answered request of a resolved application is recorded for the dashboard's per-application Overview;
    /// `nil` (the default) records none.
    package var applicationMetrics: (any ApplicationRequestMetrics)?
    /// Writes the access log, one line per request at `info` (docs/operations.md#access-log); `nil` writes none.
    package var accessLog: AccessLog?
    /// What the caches of applications and class permissions compare their entries with. Every copy of this
    /// environment shares it, so a change announced through one responder (``APIResponder/applicationChanged(applicationId:)``)
    /// makes the caches of every responder built over the environment stale.
    package let cacheGeneration = CacheGeneration()

    /// Creates an environment.
    package init(
        storage: any StorageBackend, clock: any WallClock, identifiers: any IdentifierGenerator, logger: Logger,
        passwordHasher: any PasswordHasher = BcryptPasswordHasher(), mailer: any MailTransport = UnconfiguredMailTransport(),
        authDataVerifier: any AuthDataVerifier, pushSender: any PushNotificationSender
    ) {
        self.storage = storage
        self.clock = clock
        self.identifiers = identifiers
        self.logger = logger
        self.passwordHasher = passwordHasher
        self.mailer = mailer
        self.authDataVerifier = authDataVerifier
        self.pushSender = pushSender
    }
}
