import KumoAdministration
import Logging
import ServiceLifecycle

/// Runs the audit log's retention (`--dashboard-audit-days`) hourly until graceful shutdown, as ``PushDeliveryService``
/// prunes push outcomes; a failed prune is logged and the next one retries.
struct DashboardAuditSweeper: Service {
    let retention: AdministrationAuditRetention
    let logger: Logger

    func run() async throws {
        let interval = Duration.milliseconds(AdministrationAuditRetention.pruneIntervalMilliseconds)
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                try await retention.prune()
            } catch {
                logger.warning("Pruning the dashboard audit log failed", metadata: ["error": "\(String(describing: error))"])
            }
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
        }
    }
}
