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
/// syntax check, a work folder under the data directory with the import jobs, and the per-minute metrics ring.
struct DashboardOperations: Sendable {
    /// The ring the Overview reads.
    let metrics: MinuteMetrics
    /// `node --check`, as `kumo scripts deploy` runs it.
    let syntaxCheck: any ScriptSyntaxChecking
    /// `<data-dir>/dashboard`: import staging and exports in progress.
    let workDirectory: URL
    /// The import jobs over `<data-dir>/dashboard/imports`.
    let imports: ImportJobs
    /// This instance's heartbeats, which the Overview lists with the other instances'.
    var heartbeats: InstanceHeartbeats?

    /// Prepares the work folder (emptied of what an earlier process left) and the import jobs.
    ///
    /// - Throws: when the work folder cannot be prepared.
    init(
        dataDirectory: String, nodePath: String?, metrics: MinuteMetrics, storage: any StorageBackend, clock: any WallClock,
        identifiers: any IdentifierGenerator, logger: Logger
    ) throws {
        let work = URL(fileURLWithPath: dataDirectory).appendingPathComponent("dashboard")
        let exports = work.appendingPathComponent("exports")
        if FileManager.default.fileExists(atPath: exports.path) { try FileManager.default.removeItem(at: exports) }
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
        self.metrics = metrics
        self.syntaxCheck = NodeScriptSyntaxCheck(nodePath: nodePath)
        self.workDirectory = work
        self.imports = try ImportJobs(
            directory: work.appendingPathComponent("imports"), storage: storage, clock: clock, identifiers: identifiers, logger: logger)
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
