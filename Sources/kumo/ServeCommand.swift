import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

import Hummingbird
import KumoAdministration
import KumoDashboard
import KumoOperations
import KumoPush
import KumoRealtime
import KumoS3
import KumoScripts
import KumoServer
import KumoSQLite
import KumoStorage
import KumoTransport
import Logging
import Metrics
import NIOCore
import NIOPosix
import ServiceLifecycle
import UnixSignals

/// `kumo serve`: run the server on embedded SQLite with zero configuration.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the Kumo server (creates a first application on an empty database).")

    // The help's sections, in this order (docs/configuration.md#kumo-serve): groups with the same title share one.
    @OptionGroup(title: "Server") var server: ServerOptions
    @OptionGroup(title: "Storage") var storageOptions: StorageOptions
    @OptionGroup(title: "Storage") var backupOptions: BackupOptions
    @OptionGroup(title: "Storage") var indexAdvisorOptions: IndexAdvisorOptions
    @OptionGroup(title: "Security and limits") var security: SecurityOptions
    @OptionGroup(title: "Security and limits") var hardeningOptions: HardeningOptions
    @OptionGroup(title: "Security and limits") var throttleOptions: ThrottleOptions
    @OptionGroup(title: "Mail") var mailOptions: MailOptions
    @OptionGroup(title: "Push notifications") var pushOptions: PushOptions
    @OptionGroup(title: "Scripts") var scriptOptions: ScriptOptions
    @OptionGroup(title: "Realtime") var realtimeOptions: RealtimeOptions
    @OptionGroup(title: "Dashboard") var dashboardOptions: DashboardOptions
    @OptionGroup(title: "Operations") var logLevelOptions: LogLevelOptions
    @OptionGroup(title: "Operations") var operationsOptions: OperationsOptions

    var host: String { server.host }
    var port: Int { server.port }
    var apiHosts: [String] { server.apiHosts }
    var maximumBodySize: Int { server.maximumBodySize }
    var publicURL: String? { server.publicURL }
    var checksConfiguration: Bool { server.checksConfiguration }
    var logLevel: String { logLevelOptions.logLevel }
    var passwordHashCost: Int { security.passwordHashCost }
    var pushOutcomeDays: Int { pushOptions.pushOutcomeDays }

    /// The HTTPS credentials of `--tls-certificate-chain` and `--tls-private-key`, or `nil` for plain HTTP.
    func makeTLSCredentials() throws -> TLSCredentials? {
        switch (security.tlsCertificateChain, security.tlsPrivateKey) {
        case (nil, nil): return nil
        case (let chain?, let key?):
            do {
                return try TLSCredentials(certificateChainPath: chain, privateKeyPath: key)
            } catch {
                throw ValidationError(error.description)
            }
        default:
            throw ValidationError("--tls-certificate-chain and --tls-private-key go together: give both, or neither for plain HTTP")
        }
    }

    /// Where push notifications go.
    func makePushEndpoints() throws -> PushEndpoints { try pushOptions.makePushEndpoints() }

    /// The bucket of `--backup-dir s3://BUCKET[/PREFIX]`, or `nil` for a local folder.
    func backupArchive() throws -> S3BackupArchive? {
        guard backupDirectory.hasPrefix("s3://") else { return nil }
        var storage = storageOptions.fileStorage
        storage.location = backupDirectory
        return S3BackupArchive(client: S3Client(location: try storage.s3Location(), credentials: try FileStorageOptions.credentials()))
    }

    /// The backup schedule of `--backup-every`, `--backup-keep` and `--backup-dir`, or `nil` without `--backup-every`.
    func backupSchedule() throws -> SQLiteBackupSchedule? {
        guard let backupEvery = backupOptions.backupEvery, !backupEvery.isEmpty else { return nil }
        guard !storageOptions.usesPostgres else {
            throw ValidationError("--backup-every backs up SQLite; back up PostgreSQL with pg_dump (see docs/deployment.md)")
        }
        let directory = backupFolder
        do {
            return try SQLiteBackupSchedule(every: backupEvery, keep: backupOptions.backupKeep, directory: directory)
        } catch let failure as SQLiteBackup.Failure {
            throw ValidationError(failure.description)
        }
    }

    /// `--backup-dir`, else `<data-dir>/backups`.
    var backupDirectory: String {
        backupOptions.backupDirectory ?? URL(fileURLWithPath: storageOptions.dataDirectory).appendingPathComponent("backups").path
    }

    /// The local folder scheduled backups are written to: `backupDirectory`, or a staging folder in the data directory
    /// when backups go to a bucket (each is uploaded, then removed, by `BackupScheduler`).
    var backupFolder: String {
        guard backupDirectory.hasPrefix("s3://") else { return backupDirectory }
        return URL(fileURLWithPath: storageOptions.dataDirectory).appendingPathComponent("backups-staging").path
    }

    func validate() throws {
        try hardeningOptions.validate()
        try operationsOptions.validate()
        try indexAdvisorOptions.validate()
        try realtimeOptions.validate()
        try dashboardOptions.validate()
        try throttleOptions.validate()
        // Values from the environment and the configuration file were checked against their kinds before parsing
        // (`Kumo.main`); what follows checks what the kinds cannot say.
        guard (0...65_535).contains(port) else { throw ValidationError("\(ServeSettings.source(ofFlag: "--port")) takes 0…65535, not \(port)") }
        guard Logger.Level(rawValue: logLevel.lowercased()) != nil else {
            throw ValidationError(
                "\(ServeSettings.source(ofFlag: "--log-level")) takes trace, debug, info, notice, warning, error or critical, not \"\(logLevel)\"")
        }
        guard maximumBodySize >= 1 else { throw ValidationError("\(ServeSettings.source(ofFlag: "--body-size-limit")) must be at least 1") }
        guard (4...31).contains(passwordHashCost) else {
            throw ValidationError("\(ServeSettings.source(ofFlag: "--password-hash-cost")) must be between 4 and 31")
        }
        if let publicURL, !(publicURL.hasPrefix("http://") || publicURL.hasPrefix("https://")) {
            throw ValidationError("--public-url must start with http:// or https://")
        }
        _ = try backupSchedule()
        _ = try makeTLSCredentials()
    }

    func run() async throws {
        if checksConfiguration {
            _ = try mailOptions.makeTransport(dataDirectory: storageOptions.dataDirectory)
            _ = try makePushEndpoints()
            FileHandle.standardOutput.write(Data(ServeSettings.effectiveConfiguration().utf8))
            return
        }
        ThreadSizing.matchAllowedCPUs()
        MemoryReturn.configure()
        let logger = LoggingSetup.bootstrap(level: logLevel, format: operationsOptions.logFormat)
        // Before anything records a metric: storage, push and the server take the bootstrapped factory.
        let (metrics, minuteMetrics) = DashboardOperations.bootstrapMetrics(metricsPort: operationsOptions.metricsPort)
        var configuration = KumoConfiguration()
        configuration.trustedProxies = operationsOptions.trustedProxies
        configuration.host = host
        configuration.port = port
        configuration.apiHosts += apiHosts
        configuration.maximumBodySize = maximumBodySize
        let tls = try makeTLSCredentials()
        let scheme = tls == nil ? "http" : "https"
        configuration.publicURL = publicURL ?? "\(scheme)://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)"
        hardeningOptions.apply(to: &configuration, logger: logger)
        throttleOptions.apply(to: &configuration)

        // Everything that can refuse the start is checked before storage creates a database or an application.
        try await StartupCheck.listenable(listeners)
        try storageOptions.checkDataDirectory()
        if let mailDirectory = mailOptions.fileTransportDirectory(dataDirectory: storageOptions.dataDirectory) {
            try StartupCheck.writableDirectory(mailDirectory, flag: "--mail-directory")
        }
        if try backupSchedule() != nil { try StartupCheck.writableDirectory(backupFolder, flag: "--backup-dir") }
        let mail = try mailOptions.makeTransport(dataDirectory: storageOptions.dataDirectory)
        let pushEndpoints = try makePushEndpoints()
        let slowQueries = indexAdvisorOptions.makeRecorder()
        let stallThreshold = operationsOptions.stallThresholdMilliseconds
        let stallTracer =
            stallThreshold > 0
            ? EventLoopStallTracer(threshold: .nanoseconds(Int64(stallThreshold * 1_000_000)), logger: Logger(label: "kumo.stalls"))
            : nil
        // The server's event loops, made before storage so that PostgreSQL's connections live on them too.
        let eventLoopGroup: any EventLoopGroup = stallTracer?.makeEventLoopGroup() ?? MultiThreadedEventLoopGroup.singleton
        // File bytes on S3: the bucket is checked before any database or application is opened or created.
        try await storageOptions.fileStorage.checkBucket()
        let storage = try await storageOptions.openStorage(
            logger: logger, readLimits: hardeningOptions.readLimits, slowQueries: slowQueries, eventLoopGroup: eventLoopGroup,
            publishesChanges: realtimeOptions.isOn, objectLimits: hardeningOptions.objectLimits(maximumBodySize: maximumBodySize))
        let (application, isNew) = try await AdministrationApplications(storage: storage).ensureDefault()
        let applications = isNew ? [application] : try await storage.applications.all()
        var environment = ServerEnvironment.live(
            storage: storage, logger: logger, passwordHasher: BcryptPasswordHasher(cost: UInt8(passwordHashCost)),
            mailer: mail.transport, pushEndpoints: pushEndpoints)
        let scripts = scriptOptions.makeRunner(logger: logger)
        let executionLog = ScriptExecutionLog(
            storage: storage.scripts, clock: environment.clock, logger: logger,
            retention: .init(days: scriptOptions.logDays))
        environment.scripts = scripts.runner
        environment.applicationMetrics = minuteMetrics.applications
        environment.scriptExecutions = executionLog
        if operationsOptions.writesAccessLog { environment.accessLog = LoggingSetup.accessLog() }
        var dashboard = DashboardWiring(
            options: dashboardOptions, storage: storage, environment: environment, configuration: configuration, tls: tls != nil,
            trustedProxies: operationsOptions.trustedProxies, logger: logger)
        dashboard.apiEndpoint = DashboardAPIEndpoint(publicURL)
        let apiEndpoint = dashboard.apiEndpoint
        let heartbeats = InstanceHeartbeats(
            store: storage.admins, metrics: minuteMetrics, clock: environment.clock, identifiers: environment.identifiers)
        let (addresses, announceAddress) = AsyncStream.makeStream(of: String.self)
        if dashboardOptions.isOn {
            dashboard.operations = try DashboardOperations(
                dataDirectory: storageOptions.dataDirectory, nodePath: scriptOptions.node, metrics: minuteMetrics, storage: storage,
                clock: environment.clock, identifiers: environment.identifiers, importLeaseSeconds: dashboardOptions.importLeaseSeconds,
                logger: logger)
            dashboard.operations?.heartbeats = heartbeats
        }
        let setupToken = dashboardOptions.isOn ? try await AdministrationSetup(storage: storage, clock: environment.clock).prepare() : nil
        let server = buildApplication(
            configuration: configuration, environment: environment, tls: tls, eventLoopGroup: eventLoopGroup,
            mount: dashboardOptions.port == nil ? dashboard.mounted : { _ in nil },
            realtime: { [realtimeOptions] gate in
                realtimeOptions.isOn ? RealtimeServer(gate: gate, configuration: realtimeOptions.configuration, logger: logger) : nil
            }
        ) { port in
            if let node = scripts.node {
                node.setEndpoint(.init(host: host == "0.0.0.0" ? "127.0.0.1" : host, port: port))
                // One warm worker for the first application, so that its first call does not wait for Node.js to start.
                Task { await node.warmUp(applicationId: application.applicationId) }
            }
            apiEndpoint.listening(at: "\(scheme)://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)/")
            announceAddress.yield(InstanceHeartbeatService.address(host: host, port: port))
            announceAddress.finish()
            ConnectionBanner.print(
                scheme: scheme, host: host, port: port, applications: applications, isNew: isNew, dataDirectory: storageOptions.dataDirectory,
                databasePath: storageOptions.databasePath, mail: mail.description, scripts: scripts.description)
            if dashboardOptions.isOn && dashboardOptions.port == nil {
                DashboardWiring.printBanner(scheme: scheme, host: host, port: port, setupToken: setupToken)
            }
        }
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: StorageCloser(storage: storage)),
            .init(
                service: PushDeliveryService(
                    storage: storage, sender: environment.pushSender, clock: environment.clock, logger: logger,
                    outcomeRetention: .seconds(Int64(pushOutcomeDays) * 86_400))),
            .init(service: FileBlobSweeper(environment: environment)), .init(service: executionLog),
            .init(service: InstanceHeartbeatService(heartbeats: heartbeats, logger: logger, addresses: addresses)),
        ]
        if let imports = dashboard.operations?.imports {
            services.append(.init(service: ImportJobService(imports: imports, leaseSeconds: dashboardOptions.importLeaseSeconds)))
        }
        if dashboardOptions.auditDays > 0 {
            let retention = AdministrationAuditRetention(
                storage: storage, clock: environment.clock, logger: logger, days: dashboardOptions.auditDays)
            services.append(.init(service: DashboardAuditSweeper(retention: retention, logger: logger)))
        }
        if let slowQueries {
            let advisor = IndexAdvisor(
                store: storage.indexes, recorder: slowQueries,
                automaticIndexing: indexAdvisorOptions.createsIndexes ? .init() : nil)
            services.append(.init(service: IndexAdvisorService(advisor: advisor, logger: logger)))
        }
        if let node = scripts.node { services.append(.init(service: ScriptRunnerStopper(runner: node))) }
        services.append(.init(service: server))
        if dashboardOptions.isOn, let dashboardPort = dashboardOptions.port {
            let dashboardHost = dashboardOptions.host ?? host
            let listener = buildDashboardListener(
                responder: dashboard.ownListenerResponder(), host: dashboardHost, port: dashboardPort, logger: logger
            ) { port in
                DashboardWiring.printBanner(scheme: "http", host: dashboardHost, port: port, setupToken: setupToken)
            }
            services.append(.init(service: listener))
        }
        services.append(.init(service: ReloadSignalService(credentials: tls, logger: logger)))
        if let metrics, let metricsPort = operationsOptions.metricsPort {
            let metricsHost = operationsOptions.metricsHost
            let listener = buildMetricsListener(export: metrics, host: metricsHost, port: metricsPort, logger: logger) { port in
                FileHandle.standardOutput.write(Data("Metrics: http://\(metricsHost):\(port)/metrics\n".utf8))
            }
            services.append(.init(service: listener))
        }
        if let schedule = try backupSchedule() {
            services.insert(
                .init(
                    service: BackupScheduler(
                        schedule: schedule, databasePath: storageOptions.databasePath, copiesFileBytes: !storageOptions.fileStorage.usesS3,
                        archive: try backupArchive(), clock: environment.clock, logger: logger)),
                at: 1)
        }
        let serviceGroup = ServiceGroup(
            configuration: .init(
                services: services,
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        do {
            try await serviceGroup.run()
        } catch let failure as IOError where [EADDRINUSE, EACCES, EADDRNOTAVAIL].contains(failure.errnoCode) {
            // Taken between the check above and the bind (another process was quicker).
            throw StartupCheck.explainListenFailure(failure, listener: listeners[0])
        }
    }

    /// The listeners this start binds: the API, and the dashboard's and the metrics' own when they have a port.
    var listeners: [StartupCheck.Listener] {
        var listeners = [StartupCheck.Listener(host: host, port: port, hostFlag: "--host", portFlag: "--port")]
        if dashboardOptions.isOn, let dashboardPort = dashboardOptions.port {
            listeners.append(
                .init(host: dashboardOptions.host ?? host, port: dashboardPort, hostFlag: "--dashboard-host", portFlag: "--dashboard-port"))
        }
        if let metricsPort = operationsOptions.metricsPort {
            listeners.append(.init(host: operationsOptions.metricsHost, port: metricsPort, hostFlag: "--metrics-host", portFlag: "--metrics-port"))
        }
        return listeners
    }
}

/// Closes storage when the service group shuts down; listed first so that it stops last, after the HTTP server drained.
struct StorageCloser: Service {
    let storage: any StorageBackend

    func run() async throws {
        try await gracefulShutdown()
        try await storage.close()
    }
}
