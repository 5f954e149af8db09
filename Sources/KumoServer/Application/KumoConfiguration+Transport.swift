package import KumoTransport
package import Logging

extension ConnectionTimeouts {
    /// The clocks of `--idle-timeout`, `--header-timeout` and `--body-timeout` (docs/decisions/0066-connection-hygiene.md).
    package init(configuration: KumoConfiguration) {
        self.init(
            idleSeconds: configuration.idleTimeoutSeconds, headerSeconds: configuration.headerTimeoutSeconds,
            bodySeconds: configuration.bodyTimeoutSeconds)
    }
}

extension FirstRequestGuard {
    /// The guard with the server's idle and header clocks.
    package init(configuration: KumoConfiguration, logger: Logger) {
        self.init(timeouts: ConnectionTimeouts(configuration: configuration), logger: logger)
    }
}

extension ServerMetrics: ConnectionMetrics {}
