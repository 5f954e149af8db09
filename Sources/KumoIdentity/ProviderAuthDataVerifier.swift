package import AsyncHTTPClient
package import KumoSeams
package import KumoStorage
package import Logging
package import NCMBWire
package import NIOCore

/// The live `AuthDataVerifier`: dispatches on `AuthProviderSettings.verification`.
///
/// - `"none"`: trusts the client (only for providers an operator enabled on purpose, e.g. on a closed network).
/// - `"jwks"`: `authData.access_token` is an OpenID ID token checked against the provider's JWKS (Apple, Google;
///   see `IdentityTokenVerifier` for the options).
/// - `"endpoint"`: the provider's HTTP API confirms the token (Facebook `debug_token`, Twitter `verify_credentials`;
///   see `FacebookTokenVerifier`, `TwitterCredentialsVerifier`).
///
/// Every refusal, whatever its cause, is `KumoError(.oAuthAuthenticationError, provider)` (401 E401003); the cause goes
/// to the log (`info`; `warning` when the provider could not be reached), never a token or secret.
package struct ProviderAuthDataVerifier: AuthDataVerifier {
    private let clock: any WallClock
    private let identifiers: any IdentifierGenerator
    private let fetcher: ProviderHTTPFetcher
    private let keys: JWKSCache
    private let logger: Logger

    /// Creates the verifier. One instance lives as long as the server, so the JWKS keys it caches are reused.
    ///
    /// - Parameters:
    ///   - clock: the time `exp` claims are compared with, JWKS ages are measured by and Twitter timestamps come from;
    ///     pass the server environment's clock.
    ///   - identifiers: the source of OAuth 1.0a nonces.
    ///   - httpClient: the client provider requests go through. Defaults to `HTTPClient.shared`.
    ///   - logger: where refusals and unreachable providers are logged.
    ///   - timeout: how long one provider request may take. Defaults to 5 seconds.
    ///   - maximumResponseBytes: the largest provider answer accepted. Defaults to 1 MiB.
    ///   - jwksMinimumRefreshSeconds: the least time between two fetches of one JWKS URL. Defaults to 30 seconds.
    ///   - jwksMaximumAgeSeconds: how long fetched JWKS keys are used before they are fetched again. Defaults to 1 hour.
    package init(
        clock: any WallClock = SystemWallClock(), identifiers: any IdentifierGenerator = RandomIdentifierGenerator(),
        httpClient: HTTPClient = .shared, logger: Logger = Logger(label: "kumo.identity"), timeout: TimeAmount = .seconds(5),
        maximumResponseBytes: Int = 1 << 20, jwksMinimumRefreshSeconds: Int = 30, jwksMaximumAgeSeconds: Int = 3600
    ) {
        self.clock = clock
        self.identifiers = identifiers
        self.logger = logger
        let fetcher = ProviderHTTPFetcher(httpClient: httpClient, timeout: timeout, maximumResponseBytes: maximumResponseBytes)
        self.fetcher = fetcher
        self.keys = JWKSCache(
            fetcher: fetcher, minimumRefreshMilliseconds: Int64(jwksMinimumRefreshSeconds) * 1000,
            maximumAgeMilliseconds: Int64(jwksMaximumAgeSeconds) * 1000, logger: logger)
    }

    package func verify(provider: String, authData: JSONObject, settings: AuthProviderSettings) async throws {
        // Accept both the provider's own object and the whole `authData` wrapping it.
        let providerData = authData[provider]?.objectValue ?? authData
        do {
            switch (settings.verification, provider) {
            case ("none", _):
                return
            case ("jwks", _):
                try await IdentityTokenVerifier(keys: keys, clock: clock)
                    .verify(provider: provider, authData: providerData, settings: settings)
            case ("endpoint", "facebook"):
                try await FacebookTokenVerifier(fetcher: fetcher).verify(authData: providerData, settings: settings)
            case ("endpoint", "twitter"):
                try await TwitterCredentialsVerifier(fetcher: fetcher, clock: clock, identifiers: identifiers)
                    .verify(authData: providerData, settings: settings)
            default:
                logger.warning(
                    "No verifier for this provider and verification; refusing",
                    metadata: ["provider": "\(provider)", "verification": "\(settings.verification)"])
                throw KumoError(.oAuthAuthenticationError, provider)
            }
        } catch let error as KumoError {
            throw error
        } catch let failure as ProviderRequestFailure {
            if case .unreachable = failure {
                logger.warning("SNS provider unreachable", metadata: ["provider": "\(provider)", "reason": "\(failure)"])
            } else {
                logger.info("SNS provider refused authData", metadata: ["provider": "\(provider)", "reason": "\(failure)"])
            }
            throw KumoError(.oAuthAuthenticationError, provider, underlying: failure.description)
        } catch {
            logger.info("SNS authData refused", metadata: ["provider": "\(provider)", "reason": "\(error)"])
            throw KumoError(.oAuthAuthenticationError, provider, underlying: "\(error)")
        }
    }
}
