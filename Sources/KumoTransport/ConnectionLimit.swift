package import Logging
package import NIOCore
import NIOConcurrencyHelpers

/// The most connections a server holds at once (docs/decisions/0066-connection-hygiene.md): a connection accepted past
/// the maximum is closed at once, so the server never runs out of file descriptors for its database, its files and the
/// connections it already serves. The maximum sits below the process's descriptor limit (`kumo serve` derives it), so
/// the listener never meets `EMFILE` (where NIO backs off accepting for a second).
package final class ConnectionLimit: Sendable {
    /// The maximum.
    package let maximum: Int
    private let open = NIOLockedValueBox(0)
    private let refusals = NIOLockedValueBox(0)
    private let logger: Logger
    private let metrics: any ConnectionMetrics

    /// Creates a limit of `maximum` connections.
    package init(maximum: Int, logger: Logger, metrics: any ConnectionMetrics) {
        self.maximum = max(1, maximum)
        self.logger = logger
        self.metrics = metrics
    }

    /// The connections open now.
    package var openConnections: Int { open.withLockedValue { $0 } }

    /// Counts `channel` until it closes and returns `true`, or returns `false` when the maximum is reached (the caller
    /// closes it).
    package func admit(_ channel: any Channel) -> Bool {
        let admitted = open.withLockedValue { count in
            guard count < maximum else { return false }
            count += 1
            return true
        }
        metrics.connectionAccepted(admitted: admitted)
        guard admitted else {
            let refused = refusals.withLockedValue { count in
                count += 1
                return count
            }
            // One warning per 1,000 refusals: a flood must not flood the log too.
            if refused % 1000 == 1 {
                logger.warning(
                    "connection limit reached; closing new connections", metadata: ["maximum": "\(maximum)", "refused": "\(refused)"])
            }
            return false
        }
        channel.closeFuture.whenComplete { [open, metrics] _ in
            open.withLockedValue { $0 -= 1 }
            metrics.connectionClosed()
        }
        return true
    }
}
