import KumoMemberwise
package import NCMBWire

/// An application: its identifiers, keys and settings
/// (docs/architecture.md#server-environment-errors-and-applications).
@PackageMemberwiseInit
package struct HostedApplication: Sendable, Hashable {
    /// Identifier used in browser URLs (docs/wire/endpoints/browser-pages.md); never the application key.
    package var applicationId: String
    /// Human-readable unique name, used by `kumo apps` and `kumo call --app`.
    package var name: String
    /// The public key sent in `X-NCMB-Application-Key`.
    package var applicationKey: String
    /// The secret HMAC key.
    package var clientKey: String
    /// Per-application settings.
    package var settings: ApplicationSettings = .init()
    /// Counts the changes of ``settings``: 1 when created, one more at each stored change (`applications.settings_version`).
    /// The dashboard sends the version it showed with a change, which is refused when another change came first.
    package var settingsVersion: Int64 = 1
    /// When the application was created.
    package var createDate: WireDate
}

extension HostedApplication: CustomStringConvertible, CustomDebugStringConvertible {
    /// The application without its keys: a value interpolated into a log line never carries the client key
    /// (docs/decisions/0064-keys-only-in-the-first-banner.md).
    package var description: String { "HostedApplication(\(name), applicationId: \(applicationId))" }

    /// Same as ``description``.
    package var debugDescription: String { description }
}
