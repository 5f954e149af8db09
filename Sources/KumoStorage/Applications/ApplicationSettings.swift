import KumoMemberwise
package import NCMBWire

/// Per-application settings, stored as one JSON document
/// (docs/architecture.md#server-environment-errors-and-applications). Unknown keys are kept for forward compatibility,
/// so an older Kumo never drops what a newer one wrote.
///
/// Every property has the documented default, so `{}` (and a missing key) means "default".
package struct ApplicationSettings: Sendable, Hashable {
    /// The ACL given to objects, installations, push and files created without one
    /// (docs/decisions/0005-default-acl.md). Public read and write.
    package var defaultObjectACL: AccessControlList
    /// Whether users created without an `acl` are publicly readable (docs/decisions/0005-default-acl.md: public read,
    /// owner-only write). `true`.
    package var usersArePublicReadable: Bool
    /// How long a session token lives, in seconds (docs/decisions/0010-session-lifetime.md): default 86 400 (24 h), at
    /// most 604 800 (168 h).
    package var sessionLifetimeSeconds: Int
    /// Whether a login keeps the user's other sessions alive (docs/decisions/0010-session-lifetime.md). `false`: a new
    /// login ends the previous session.
    package var allowsMultipleSessions: Bool
    /// Settings of the `authData` providers (`anonymous`, `facebook`, `twitter`, `google`, `apple`) by provider name.
    /// A provider without an entry uses `AuthProviderSettings.defaults(for:)`.
    package var authProviders: [String: AuthProviderSettings]
    /// Mail sent by the application: sender, link base, templates (docs/wire/endpoints/users.md#mail-flows,
    /// docs/wire/endpoints/browser-pages.md).
    package var mail: MailSettings
    /// Whether `/2013-09-01/applications/{applicationId}/publicFiles/{fileName}` serves files without a signature. `false`.
    package var publicFilesEnabled: Bool
    /// The largest file an upload may store, in bytes (docs/decisions/0012-names-and-sizes.md; larger → 413 E413001).
    /// 100 MiB.
    package var maximumFileSize: Int64
    /// APNs and FCM credentials for push delivery.
    package var push: PushSettings
    /// Script limits: file size, count, run time, answer size, calls at once (docs/wire/endpoints/scripts.md).
    package var scripts = ScriptSettings()
    /// Whether clients may register and change pushes (`POST /push`, `PUT /push/{objectId}`); otherwise those answer
    /// 403 E403003. `false`, as NCMB's push permission (docs/decisions/0061-push-from-clients-off-by-default.md).
    package var clientPushEnabled: Bool
    /// Keys this version does not know, kept verbatim.
    package var unknownKeys: JSONObject

    /// The longest session lifetime an application may configure (docs/decisions/0010-session-lifetime.md): 168 hours.
    package static let maximumSessionLifetimeSeconds = 168 * 3600

    /// The default largest file (docs/decisions/0012-names-and-sizes.md): 100 MiB.
    package static let defaultMaximumFileSize: Int64 = 100 * 1024 * 1024

    /// Creates settings with the documented defaults.
    package init(
        defaultObjectACL: AccessControlList = .publicReadWrite, usersArePublicReadable: Bool = true,
        sessionLifetimeSeconds: Int = 86_400, allowsMultipleSessions: Bool = false,
        authProviders: [String: AuthProviderSettings] = [:], mail: MailSettings = MailSettings(),
        publicFilesEnabled: Bool = false, maximumFileSize: Int64 = ApplicationSettings.defaultMaximumFileSize,
        push: PushSettings = PushSettings(), clientPushEnabled: Bool = false, unknownKeys: JSONObject = JSONObject()
    ) {
        self.defaultObjectACL = defaultObjectACL
        self.usersArePublicReadable = usersArePublicReadable
        self.sessionLifetimeSeconds = sessionLifetimeSeconds
        self.allowsMultipleSessions = allowsMultipleSessions
        self.authProviders = authProviders
        self.mail = mail
        self.publicFilesEnabled = publicFilesEnabled
        self.maximumFileSize = maximumFileSize
        self.push = push
        self.clientPushEnabled = clientPushEnabled
        self.unknownKeys = unknownKeys
    }

    /// The settings of one `authData` provider: the stored entry or the provider's defaults.
    package func authProvider(_ provider: String) -> AuthProviderSettings {
        authProviders[provider] ?? AuthProviderSettings.defaults(for: provider)
    }
}

/// How Kumo treats one `authData` provider of an application
/// (docs/wire/endpoints/users.md#sns-and-anonymous-login-authdata).
///
/// `verification` names the verifier (`"none"`, `"jwks"`, `"endpoint"`); `options` holds its settings (URLs,
/// audiences, secrets) as JSON so that new verifiers need no storage change.
@PackageMemberwiseInit
package struct AuthProviderSettings: Sendable, Hashable {
    /// Whether the provider may be used at all; a disabled provider answers 403 E403005 `"<provider> must not be entered."`.
    package var isEnabled: Bool
    /// The verifier: `"none"` trusts the client's `authData`; `"jwks"` checks an ID token against a JWKS URL;
    /// `"endpoint"` asks a configured HTTP endpoint.
    package var verification: String = "none"
    /// The verifier's options (for example `{"jwksURL":"…","audience":"…"}`).
    package var options: JSONObject = JSONObject()

    /// Anonymous login is enabled; social providers are disabled until an operator configures them, because trusting
    /// an unverified `authData.id` would let anyone sign in as anyone.
    package static func defaults(for provider: String) -> AuthProviderSettings {
        provider == "anonymous" ? AuthProviderSettings(isEnabled: true) : AuthProviderSettings(isEnabled: false)
    }
}

/// Mail settings of an application.
@PackageMemberwiseInit
package struct MailSettings: Sendable, Hashable {
    /// The `From:` address. Defaults to `no-reply@localhost`.
    package var senderAddress: String = "no-reply@localhost"
    /// The base URL of the browser pages the mails link to (`{customUrl}` of docs/wire/endpoints/browser-pages.md), or
    /// `nil` to use the server's own public URL.
    package var customURL: String?
    /// Whether signing up with a `mailAddress` sends a confirmation mail. `false`.
    package var confirmsMailAddress: Bool = false
    /// Templates by purpose (`"mailAddressUserEntry"`, `"passwordReset"`, `"mailAddressConfirm"`); a missing one uses the
    /// built-in text.
    package var templates: [String: MailTemplate] = [:]
    /// How long the one-time tokens in mails stay valid, in seconds. Defaults to 86 400 (24 h).
    package var tokenLifetimeSeconds: Int = 86_400
}

/// A mail text template: `{link}`, `{mailAddress}`, `{applicationName}` are replaced when the mail is written.
@PackageMemberwiseInit
package struct MailTemplate: Sendable, Hashable {
    /// The subject line.
    package var subject: String
    /// The plain-text body.
    package var body: String
}
