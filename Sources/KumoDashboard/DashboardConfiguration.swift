package import KumoAdministration
import KumoMemberwise
package import KumoSeams
package import KumoStorage
package import Logging

/// The dashboard's settings (docs/dashboard.md, docs/configuration.md#dashboard).
package struct DashboardConfiguration: Sendable {
    /// How long a session lasts without being used: 12 hours.
    package var sessionIdleSeconds = 12 * 60 * 60
    /// How long the one-time setup link is valid: 24 hours.
    package var setupTokenSeconds = 24 * 60 * 60
    /// How long the sign-in form's CSRF cookie lives: 1 hour.
    package var formTokenSeconds = 60 * 60
    /// Failed sign-ins allowed per client address and administrator, per administrator and per client address, in
    /// their window, before sign-in is refused with 429 (docs/decisions/0121-sign-in-and-mail-throttles.md): 5, 20 and
    /// 100 in 15 minutes, `kumo serve`'s `--sign-in-…` settings.
    package var signInLimits = SignInLimits()
    /// The most audit entries one `GET /dashboard/api/audit` returns.
    package var maximumAuditPage = 500
    /// The largest body the admin API reads: 16 MiB.
    package var maximumBodyBytes = 16 * 1024 * 1024
    /// The largest file an upload through the dashboard stores (streamed, never held whole); the application's maximum
    /// file size applies too, the smaller wins: 1 GiB.
    package var maximumUploadBytes: Int64 = 1024 * 1024 * 1024

    /// Creates the default settings.
    package init() {}
}

/// Who is asking, as the server in front of the dashboard saw it.
@PackageMemberwiseInit
package struct DashboardClient: Sendable, Hashable {
    /// The client's address (behind trusted proxies: the one they name), `nil` when unknown.
    package var address: String?
    /// Whether the request came over TLS, or from a trusted proxy that says `X-Forwarded-Proto: https`: cookies are
    /// then `Secure`.
    package var isSecure: Bool
}

/// What the dashboard uses: storage, clock, secrets, password hashing, and the NCMB pipeline as an administrator.
package struct DashboardEnvironment: Sendable {
    /// The storage of the server.
    package var storage: any StorageBackend
    /// NCMB calls as an administrator (the data pages).
    package var calls: any AdministratorCalls
    /// Bcrypt for administrators' passwords.
    package var passwordHasher: any AdminPasswordHasher
    /// The clock.
    package var clock: any WallClock
    /// Identifiers and secrets (session, CSRF and setup tokens).
    package var identifiers: any IdentifierGenerator
    /// Where failures are logged.
    package var logger: Logger
    /// What the Scripts, Import/Export and Overview pages use (Node's syntax check, import jobs, the metrics ring).
    package var operations = DashboardOperationsEnvironment()
    /// Checks push keys before settings store them (`KumoPush`'s `PlatformPushCredentialsCheck` in `kumo`); `nil`
    /// stores them unchecked.
    package var pushCredentialsCheck: (any PushCredentialsCheck)?
    /// Where apps reach the API, for the connection snippets of the application page.
    package var apiEndpoint = DashboardAPIEndpoint()

    /// Creates an environment.
    package init(
        storage: any StorageBackend, calls: any AdministratorCalls, passwordHasher: any AdminPasswordHasher,
        clock: any WallClock = SystemWallClock(), identifiers: any IdentifierGenerator = RandomIdentifierGenerator(), logger: Logger,
        pushCredentialsCheck: (any PushCredentialsCheck)? = nil
    ) {
        self.pushCredentialsCheck = pushCredentialsCheck
        self.storage = storage
        self.calls = calls
        self.passwordHasher = passwordHasher
        self.clock = clock
        self.identifiers = identifiers
        self.logger = logger
    }

    /// The shared administration of administrators.
    var admins: AdministrationAdmins {
        AdministrationAdmins(storage: storage, hasher: passwordHasher, identifiers: identifiers, clock: clock)
    }

    /// The shared administration of settings.
    var settings: AdministrationSettings {
        AdministrationSettings(credentialsCheck: pushCredentialsCheck)
    }

    /// The shared administration of applications.
    var applications: AdministrationApplications {
        AdministrationApplications(storage: storage, identifiers: identifiers, clock: clock)
    }
}
