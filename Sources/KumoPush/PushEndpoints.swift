/// Where the platform clients send (configurable so tests and proxies can point them elsewhere).
package struct PushEndpoints: Sendable, Hashable {
    /// APNs production base URL. Defaults to `https://api.push.apple.com`.
    package var apnsProduction: String
    /// APNs sandbox base URL. Defaults to `https://api.sandbox.push.apple.com`.
    package var apnsSandbox: String
    /// FCM HTTP v1 base URL (the send URL is `<base>/v1/projects/<project>/messages:send`). Defaults to
    /// `https://fcm.googleapis.com`.
    package var fcm: String
    /// When set, replaces the OAuth2 token endpoint of every service account (`token_uri`).
    package var fcmTokenOverride: String?
    /// PEM certificates trusted in addition to the system roots (a test CA); empty in production.
    package var additionalTrustRootsPEM: [String]

    /// The real platform endpoints.
    package static let production = PushEndpoints()

    /// Creates endpoints; every argument defaults to the real platform's.
    package init(
        apnsProduction: String = "https://api.push.apple.com", apnsSandbox: String = "https://api.sandbox.push.apple.com",
        fcm: String = "https://fcm.googleapis.com", fcmTokenOverride: String? = nil, additionalTrustRootsPEM: [String] = []
    ) {
        self.apnsProduction = apnsProduction
        self.apnsSandbox = apnsSandbox
        self.fcm = fcm
        self.fcmTokenOverride = fcmTokenOverride
        self.additionalTrustRootsPEM = additionalTrustRootsPEM
    }
}
