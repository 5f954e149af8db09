import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

import Hummingbird
import KumoDashboard
import KumoOperations
import KumoPush
import KumoRealtime
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

    @Option(help: "Address to listen on; 0.0.0.0 accepts other machines.")
    var host = ProcessInfo.processInfo.environment["KUMO_HTTP_HOST"] ?? "127.0.0.1"

    @Option(help: "TCP port; 0 picks a free one.")
    var port = Int(ProcessInfo.processInfo.environment["KUMO_HTTP_PORT"] ?? "") ?? 8080

    @Option(name: .customLong("api-host"), help: "Extra FQDN accepted in request signatures (repeatable).")
    var apiHostOptions: [String] = []

    /// `--api-host`, else `KUMO_API_HOSTS` (comma-separated).
    var apiHosts: [String] { apiHostOptions.isEmpty ? ServeSettings.list("KUMO_API_HOSTS") : apiHostOptions }

    @Option(name: .customLong("body-size-limit"), help: "Largest request body in bytes.")
    var maximumBodySize = Int(ProcessInfo.processInfo.environment["KUMO_BODY_SIZE_LIMIT"] ?? "") ?? 16 * 1024 * 1024

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp("A JSON file of settings, keyed by flag name without dashes (also KUMO_CONFIG).", valueName: "file"))
    var configurationFile: String?

    @Option(
        name: .customLong("tls-certificate-chain"),
        help: ArgumentHelp("Serve HTTPS (HTTP/2 and HTTP/1.1) with this PEM certificate chain, leaf first; SIGHUP reloads it.", valueName: "file"))
    var tlsCertificateChain = ProcessInfo.processInfo.environment["KUMO_TLS_CERTIFICATE_CHAIN"]

    @Option(name: .customLong("tls-private-key"), help: ArgumentHelp("The PEM private key of --tls-certificate-chain.", valueName: "file"))
    var tlsPrivateKey = ProcessInfo.processInfo.environment["KUMO_TLS_PRIVATE_KEY"]

    /// The HTTPS credentials of `--tls-certificate-chain` and `--tls-private-key`, or `nil` for plain HTTP.
    func makeTLSCredentials() throws -> TLSCredentials? {
        switch (tlsCertificateChain, tlsPrivateKey) {
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

    @Flag(name: .customLong("check-config"), help: "Validate the settings, print the effective configuration (secrets masked) and exit.")
    var checksConfiguration = false

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = ProcessInfo.processInfo.environment["KUMO_LOG_LEVEL"] ?? "info"

    @Option(
        name: .customLong("public-url"),
        help: "URL at which browsers reach this server, used in mail links (default: http://<host>:<port>).")
    var publicURLOption: String?

    /// `--public-url`, else `KUMO_PUBLIC_URL`.
    var publicURL: String? { publicURLOption ?? ProcessInfo.processInfo.environment["KUMO_PUBLIC_URL"] }

    @Option(name: .customLong("password-hash-cost"), help: "bcrypt cost of password hashes, 4…31.")
    var passwordHashCost = Int(ProcessInfo.processInfo.environment["KUMO_PASSWORD_HASH_COST"] ?? "") ?? 10

    @Option(name: .customLong("apns-url"), help: "APNs production base URL (default: https://api.push.apple.com).")
    var apnsURL = ProcessInfo.processInfo.environment["KUMO_APNS_URL"]

    @Option(
        name: .customLong("apns-sandbox-url"), help: "APNs sandbox base URL (default: https://api.sandbox.push.apple.com).")
    var apnsSandboxURL = ProcessInfo.processInfo.environment["KUMO_APNS_SANDBOX_URL"]

    @Option(name: .customLong("fcm-url"), help: "FCM HTTP v1 base URL (default: https://fcm.googleapis.com).")
    var fcmURL = ProcessInfo.processInfo.environment["KUMO_FCM_URL"]

    @Option(name: .customLong("fcm-token-url"), help: "OAuth2 token URL replacing every service account's token_uri.")
    var fcmTokenURL = ProcessInfo.processInfo.environment["KUMO_FCM_TOKEN_URL"]

    @Option(
        name: .customLong("push-trust-roots"),
        help: "A PEM file of CA certificates trusted for push connections besides the system's (a TLS-inspecting proxy).")
    var pushTrustRootsFile = ProcessInfo.processInfo.environment["KUMO_PUSH_TRUST_ROOTS"]

    @Option(
        name: .customLong("push-outcome-days"),
        help: "How many days each push's per-device outcomes are kept, 1…3650 (default 30).")
    var pushOutcomeDays = Int(ProcessInfo.processInfo.environment["KUMO_PUSH_OUTCOME_DAYS"] ?? "") ?? 30

    /// Where push notifications go: the platforms' hosts unless overridden (a proxy, a test double).
    func makePushEndpoints() throws -> PushEndpoints {
        var endpoints = PushEndpoints.production
        if let apnsURL { endpoints.apnsProduction = apnsURL }
        if let apnsSandboxURL { endpoints.apnsSandbox = apnsSandboxURL }
        if let fcmURL { endpoints.fcm = fcmURL }
        endpoints.fcmTokenOverride = fcmTokenURL
        if let pushTrustRootsFile {
            guard let data = FileManager.default.contents(atPath: pushTrustRootsFile),
                let pem = String(data: data, encoding: .utf8), pem.contains("-----BEGIN CERTIFICATE-----")
            else { throw ValidationError("--push-trust-roots \(pushTrustRootsFile) is not a readable PEM certificate file") }
            endpoints.additionalTrustRootsPEM = [pem]
        }
        return endpoints
    }

    @Option(name: .customLong("backup-every"), help: "SQLite: take a verified backup this often (30m, 6h, 1d); off by default.")
    var backupEvery = ProcessInfo.processInfo.environment["KUMO_BACKUP_EVERY"]

    @Option(name: .customLong("backup-keep"), help: "SQLite: how many scheduled backups to keep.")
    var backupKeep = Int(ProcessInfo.processInfo.environment["KUMO_BACKUP_KEEP"] ?? "") ?? 14

    @Option(name: .customLong("backup-dir"), help: "SQLite: where scheduled backups go (default: <data-dir>/backups).")
    var backupDirectory = ProcessInfo.processInfo.environment["KUMO_BACKUP_DIR"]

    /// The backup schedule of `--backup-every`, `--backup-keep` and `--backup-dir`, or `nil` without `--backup-every`.
    func backupSchedule() throws -> SQLiteBackupSchedule? {
        guard let backupEvery, !backupEvery.isEmpty else { return nil }
        guard !storageOptions.usesPostgres else {
            throw ValidationError("--backup-every backs up SQLite; back up PostgreSQL with pg_dump (see docs/deployment.md)")
        }
        let directory = backupDirectory ?? URL(fileURLWithPath: storageOptions.dataDirectory).appendingPathComponent("backups").path
        do {
            return try SQLiteBackupSchedule(every: backupEvery, keep: backupKeep, directory: directory)
        } catch let failure as SQLiteBackup.Failure {
            throw ValidationError(failure.description)
        }
    }

    @OptionGroup var storageOptions: StorageOptions

    @OptionGroup var mailOptions: MailOptions

    @OptionGroup var scriptOptions: ScriptOptions
    @OptionGroup var hardeningOptions: HardeningOptions
    @OptionGroup var operationsOptions: OperationsOptions
    @OptionGroup var indexAdvisorOptions: IndexAdvisorOptions
    @OptionGroup var realtimeOptions: RealtimeOptions
    @OptionGroup var dashboardOptions: DashboardOptions

    func validate() throws {
        try hardeningOptions.validate()
        try operationsOptions.validate()
        try indexAdvisorOptions.validate()
        try realtimeOptions.validate()
        try dashboardOptions.validate()
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
        let pushURLs = [
            ("--apns-url", apnsURL), ("--apns-sandbox-url", apnsSandboxURL), ("--fcm-url", fcmURL),
            ("--fcm-token-url", fcmTokenURL),
        ]
        for case (let name, let url?) in pushURLs where !(url.hasPrefix("http://") || url.hasPrefix("https://")) {
            throw ValidationError("\(name) must be an https:// (or http://) URL")
        }
        guard (1...3_650).contains(pushOutcomeDays) else {
            throw ValidationError("\(ServeSettings.source(ofFlag: "--push-outcome-days")) must be between 1 and 3650")
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
        if tls != nil && realtimeOptions.isOn {
            // hummingbird-websocket upgrades plain HTTP/1 connections only (docs/decisions/0090-realtime-over-websocket.md).
            logger.notice("Realtime is not served over kumo serve's own TLS: terminate TLS at a proxy for wss:// (docs/wire/realtime.md#transport)")
        }
        let scheme = tls == nil ? "http" : "https"
        configuration.publicURL = publicURL ?? "\(scheme)://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)"
        hardeningOptions.apply(to: &configuration, logger: logger)

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
        let storage = try await storageOptions.openStorage(
            logger: logger, readLimits: hardeningOptions.readLimits, slowQueries: slowQueries, eventLoopGroup: eventLoopGroup,
            publishesChanges: realtimeOptions.isOn, objectLimits: hardeningOptions.objectLimits(maximumBodySize: maximumBodySize))
        let (application, isNew) = try await AdministrationApplications(storage: storage).ensureDefault()
        var environment = ServerEnvironment.live(
            storage: storage, logger: logger, passwordHasher: BcryptPasswordHasher(cost: UInt8(passwordHashCost)),
            mailer: mail.transport, pushEndpoints: pushEndpoints)
        let scripts = scriptOptions.makeRunner(logger: logger)
        let executionLog = ScriptExecutionLog(
            storage: storage.scripts, clock: environment.clock, logger: logger,
            retention: .init(days: scriptOptions.logDays))
        environment.scripts = scripts.runner
        environment.scriptExecutions = executionLog
        if operationsOptions.writesAccessLog { environment.accessLog = Logger(label: "kumo.access") }
        var dashboard = DashboardWiring(
            options: dashboardOptions, storage: storage, environment: environment, configuration: configuration, tls: tls != nil,
            trustedProxies: operationsOptions.trustedProxies, logger: logger)
        if dashboardOptions.isOn {
            dashboard.operations = try DashboardOperations(
                dataDirectory: storageOptions.dataDirectory, nodePath: scriptOptions.node, metrics: minuteMetrics, storage: storage,
                clock: environment.clock, identifiers: environment.identifiers, logger: logger)
        }
        let setupToken = dashboardOptions.isOn ? try await AdministrationSetup(storage: storage, clock: environment.clock).prepare() : nil
        let server = buildApplication(
            configuration: configuration, environment: environment, tls: tls, eventLoopGroup: eventLoopGroup,
            mount: dashboardOptions.port == nil ? dashboard.mounted : { _ in nil },
            realtime: { [realtimeOptions] gate in
                realtimeOptions.isOn ? RealtimeServer(gate: gate, configuration: realtimeOptions.configuration) : nil
            }
        ) { port in
            if let node = scripts.node {
                node.setEndpoint(.init(host: host == "0.0.0.0" ? "127.0.0.1" : host, port: port))
                // One warm worker for the first application, so that its first call does not wait for Node.js to start.
                Task { await node.warmUp(applicationId: application.applicationId) }
            }
            ConnectionBanner.print(
                scheme: scheme, host: host, port: port, application: application, isNew: isNew, dataDirectory: storageOptions.dataDirectory,
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
        ]
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
                .init(service: BackupScheduler(schedule: schedule, databasePath: storageOptions.databasePath, clock: environment.clock, logger: logger)),
                at: 1)
        }
        let serviceGroup = ServiceGroup(
            configuration: .init(
                services: services,
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        try await serviceGroup.run()
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

/// What `kumo serve` prints once it listens: everything an app needs to connect.
enum ConnectionBanner {
    static func print(
        scheme: String = "http", host: String, port: Int, application: HostedApplication, isNew: Bool, dataDirectory: String, databasePath: String,
        mail: String, scripts: String
    ) {
        let url = "\(scheme)://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)/"
        var callOptions = ""
        if port != 8080 { callOptions += " --url \(url.dropLast())" }
        if dataDirectory != "./kumo-data" { callOptions += " --data-dir \(dataDirectory)" }
        guard isNew && isatty(STDOUT_FILENO) == 1 else {
            // Keys only on the first start and on a terminal: standard output of a service ends up in its logs
            // (docs/decisions/0064-keys-only-in-the-first-banner.md).
            let text = """
                Kumo is listening on \(url)
                Database: \(databasePath)
                Mail: \(mail)
                Application "\(application.name)" (applicationId \(application.applicationId)); its keys: kumo apps list\(
                    dataDirectory != "./kumo-data" ? " --data-dir \(dataDirectory)" : "")

                """
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        let text = """
            Kumo is listening on \(url)
            Database: \(databasePath)\(isNew ? " (new; created application \"\(application.name)\")" : "")
            Mail: \(mail)
            Scripts: \(scripts)

              application:     \(application.name)
              applicationId:   \(application.applicationId)
              application key: \(application.applicationKey)
              client key:      \(application.clientKey)

            Connect an NCMB SDK with:
              NCMB.initialize(applicationKey: "\(application.applicationKey)",
                              clientKey: "\(application.clientKey)",
                              domainURL: "\(url)")
            Try it:
              swift run kumo call POST /2013-09-01/classes/Food --data '{"name":"ramen"}'\(callOptions)

            """
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
