import KumoMemberwise

/// Where the platform clients send (configurable so tests and proxies can point them elsewhere).
@PackageMemberwiseInit
package struct PushEndpoints: Sendable, Hashable {
    /// APNs production base URL. Defaults to `https://api.push.apple.com`.
    package var apnsProduction: String = "https://api.push.apple.com"
    /// APNs sandbox base URL. Defaults to `https://api.sandbox.push.apple.com`.
    package var apnsSandbox: String = "https://api.sandbox.push.apple.com"
    /// FCM HTTP v1 base URL (the send URL is `<base>/v1/projects/<project>/messages:send`). Defaults to
    /// `https://fcm.googleapis.com`.
    package var fcm: String = "https://fcm.googleapis.com"
    /// When set, replaces the OAuth2 token endpoint of every service account (`token_uri`).
    package var fcmTokenOverride: String?
    /// PEM certificates trusted in addition to the system roots (a test CA); empty in production.
    package var additionalTrustRootsPEM: [String] = []

    /// The real platform endpoints.
    package static let production = PushEndpoints()
}
