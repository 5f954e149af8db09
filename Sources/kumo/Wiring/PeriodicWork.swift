import Logging
import ServiceLifecycle

/// The loop of `kumo serve`'s housekeeping services (``DashboardAuditSweeper``, ``InstanceHeartbeatService``): one round
/// now and then one every interval until graceful shutdown.
enum PeriodicWork {
    /// Runs `round` at once and then every `interval` until the task is cancelled or graceful shutdown begins (which
    /// also ends the pause between rounds); a failed round is logged at warning with `failure` and its error, and the
    /// next round retries.
    static func repeatUntilShutdown(
        every interval: Duration, logger: Logger, failure: Logger.Message, _ round: () async throws -> Void
    ) async {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                try await round()
            } catch {
                logger.warning(failure, metadata: ["error": "\(String(describing: error))"])
            }
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
        }
    }
}
