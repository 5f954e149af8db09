import KumoAdministration
import Logging
import ServiceLifecycle

/// Runs the audit log's retention (`--dashboard-audit-days`) hourly until graceful shutdown, as ``PushDeliveryService``
/// prunes push outcomes; a failed prune is logged and the next one retries.
struct DashboardAuditSweeper: Service {
    let retention: AdministrationAuditRetention
    let logger: Logger

    func run() async throws {
        await PeriodicWork.repeatUntilShutdown(
            every: .milliseconds(AdministrationAuditRetention.pruneIntervalMilliseconds), logger: logger,
            failure: "Pruning the dashboard audit log failed"
        ) { try await retention.prune() }
    }
}
