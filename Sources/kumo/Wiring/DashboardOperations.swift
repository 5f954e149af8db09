import Foundation
import KumoAdministration
import KumoDashboard
import KumoImportJobs
import KumoOperations
import KumoSeams
import KumoServer
import KumoStorage
import Logging
import Metrics
import NCMBWire

/// What the dashboard's Scripts, Import/Export and Overview pages take from `kumo serve` (docs/dashboard.md): Node's
/// syntax check, a work folder under the data directory, the import jobs (shared with the other instances through the
/// database and the blob store, docs/decisions/0155-import-jobs-in-the-database.md), and the per-minute metrics ring.
struct DashboardOperations: Sendable {
    /// The ring the Overview reads.
    let metrics: MinuteMetrics
    /// `node --check`, as `kumo scripts deploy` runs it.
    let syntaxCheck: any ScriptSyntaxChecking
    /// `<data-dir>/dashboard`: the folders of imports running here and exports in progress.
    let workDirectory: URL
    /// The import jobs: rows of the database, files in the blob store, run under `<data-dir>/dashboard/imports`.
    let imports: ImportJobs
    /// This instance's heartbeats, which the Overview lists with the other instances'.
    var heartbeats: InstanceHeartbeats?

    /// Prepares the work folder (emptied of what an earlier process left) and the import jobs.
    ///
    /// - Throws: when the work folder cannot be prepared.
    init(
        dataDirectory: String, nodePath: String?, metrics: MinuteMetrics, storage: any StorageBackend, clock: any WallClock,
        identifiers: any IdentifierGenerator, importLeaseSeconds: Int = 60, logger: Logger
    ) throws {
        let work = URL(fileURLWithPath: dataDirectory).appendingPathComponent("dashboard")
        let exports = work.appendingPathComponent("exports")
        if FileManager.default.fileExists(atPath: exports.path) { try FileManager.default.removeItem(at: exports) }
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
        self.metrics = metrics
        self.syntaxCheck = NodeScriptSyntaxCheck(nodePath: nodePath)
        self.workDirectory = work
        var limits = ImportJobs.Limits()
        limits.leaseMilliseconds = Int64(importLeaseSeconds) * 1000
        self.imports = try ImportJobs(
            directory: work.appendingPathComponent("imports"), limits: limits, storage: storage, clock: clock, identifiers: identifiers,
            logger: logger)
    }

    /// Sets the dashboard's environment up with these.
    func apply(to environment: inout DashboardEnvironment) {
        environment.operations.scriptSyntax = syntaxCheck
        environment.operations.metrics = metrics
        environment.operations.workDirectory = workDirectory
        environment.operations.imports = imports
        environment.operations.heartbeats = heartbeats
    }

    /// Bootstraps swift-metrics before anything records a metric: the ring always, multiplexed with the Prometheus
    /// export when `--metrics-port` asks for one (docs/decisions/0089-always-on-minute-metrics.md).
    static func bootstrapMetrics(metricsPort: Int?) -> (export: MetricsExport?, ring: MinuteMetrics) {
        let export = metricsPort.map { _ in MetricsExport() }
        let ring = MinuteMetrics()
        let clock = SystemWallClock()
        let feed = MinuteMetricsFactory(ring: ring, now: { clock.now().millisecondsSince1970 })
        MetricsSystem.bootstrap(export.map { MultiplexMetricsHandler(factories: [$0.factory, feed]) } ?? feed)
        return (export, ring)
    }
}

/// The per-application series the server records each answered request of a resolved application into
/// (docs/decisions/0158-per-application-overview.md).
extension ApplicationMinuteMetrics: ApplicationRequestMetrics {}
