package import KumoSeams

/// Server settings: a plain value with a documented default for every property (docs/configuration.md).
///
/// Read from flags, environment and file in one place only (`kumo`); library code receives the value.
package struct KumoConfiguration: Sendable, Hashable {
    /// Address the HTTP listener binds to. Use `0.0.0.0` to accept other machines. Defaults to `127.0.0.1`.
    package var host = "127.0.0.1"
    /// TCP port of the listener; 0 picks a free port. Defaults to 8080.
    package var port = 8080
    /// Fixed FQDNs accepted in API request signatures besides the `Host` header
    /// (docs/wire/signature.md#server-verification-procedure, step 6a). Defaults to `["mbaas.api.nifcloud.com"]`.
    package var apiHosts = ["mbaas.api.nifcloud.com"]
    /// Fixed FQDNs accepted in script request signatures. Defaults to `["script.mbaas.api.nifcloud.com"]`.
    package var scriptHosts = ["script.mbaas.api.nifcloud.com"]
    /// Largest accepted request body in bytes (docs/decisions/0012-names-and-sizes.md, E413002). Defaults to 16 MiB.
    package var maximumBodySize = 16 * 1024 * 1024
    /// The most request-body bytes held at once, all requests together (docs/decisions/0069-memory-budget.md); a body
    /// that does not fit answers 503 E503001 with `Retry-After: 1`. Below ``maximumBodySize`` the largest bodies are always
    /// refused (`kumo serve` does not allow it). Defaults to 64 MiB.
    package var maximumBodyBytesInFlight = 64 * 1024 * 1024
    /// Largest accepted clock skew of `X-NCMB-Timestamp` in seconds, or `nil` for no check
    /// (docs/decisions/0006-timestamp-freshness.md). Defaults to `nil`.
    package var maximumClockSkewSeconds: Int?

    /// Seconds a connection may wait for its next request (docs/decisions/0066-connection-hygiene.md). Defaults to 60.
    package var idleTimeoutSeconds = 60.0
    /// Seconds a request head may take once its first bytes arrived. Defaults to 10.
    package var headerTimeoutSeconds = 10.0
    /// Seconds a request body may receive nothing. Defaults to 30.
    package var bodyTimeoutSeconds = 30.0
    /// The most connections served at once; more are closed as soon as they are accepted. Defaults to 4,096
    /// (`kumo serve` lowers it to fit the descriptor limit).
    package var maximumConnections = 4096
    /// Requests one client address may send (docs/decisions/0068-rate-limits.md); more answer 429 E429002 with
    /// `Retry-After`. `nil` turns the limit off. Defaults to 300 a second, bursts of 600.
    package var rateLimitPerAddress: RateLimiter.Rate? = RateLimiter.Rate(perSecond: 300, burst: 600)
    /// Requests one application may receive, from all its clients together; `nil` turns the limit off. Defaults to 5,000
    /// a second, bursts of 10,000.
    package var rateLimitPerApplication: RateLimiter.Rate? = RateLimiter.Rate(perSecond: 5000, burst: 10_000)

    /// Proxies whose `X-Forwarded-For` names the client (docs/operations.md#client-addresses): for a connection from one
    /// of them, the client address of the access log and the per-address rate limit is the last address of that header
    /// that is not itself a trusted proxy. Defaults to none: the connection's peer is the client.
    package var trustedProxies: [AddressRange] = []

    /// The URL at which browsers reach this server, used in mail links when an application sets no `customURL`
    /// (docs/wire/endpoints/browser-pages.md). Defaults to `http://127.0.0.1:8080`; `kumo serve` sets it from the
    /// listener.
    package var publicURL = "http://127.0.0.1:8080"

    /// Creates the default configuration.
    package init() {}
}
