import ArgumentParser
import Foundation
import KumoAdministration
import KumoImport
import KumoPush
import KumoSeams
import KumoServer
import KumoStorage
import Logging
import NCMBWire

/// `kumo import PATH…`: bring an NCMB export (or a `kumo export` folder) into an application, keeping objectIds,
/// dates, ACLs and every field (docs/migrating-from-ncmb.md).
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import NCMB export files (or a kumo export folder), keeping objectIds, dates, ACLs and every field.",
        discussion: """
            PATH is a class file (<ClassName>.json, user.json, role.json, installation.json, push.json) or a folder of \
            them. Every file is checked before anything is written; objects that cannot be imported are named in the \
            report file and the rest goes on. Users of an NCMB export come without usable passwords (NCMB exported them \
            encrypted): they set one with a password reset (--send-password-reset mails them); users of a kumo export \
            written with --include-secrets keep their passwords. Re-running continues (skip) or upserts (replace).
            """)

    @Argument(help: "Export files or folders.")
    var paths: [String]

    @Option(name: .customLong("app"), help: "The application to import into (also KUMO_APP); may be left out when the database has only one.")
    var applicationName: String?

    @Flag(
        name: .customLong("create-app"),
        help: "Create the application named by --app when missing, with a kumo export's keys and settings (its client key only with secrets).")
    var createsApplication = false

    @Option(name: .customLong("files"), help: "Folder holding the bytes of the file store, by file name.")
    var filesDirectory: String?

    @Flag(name: .customLong("dry-run"), help: "Check everything against the database and write nothing.")
    var isDryRun = false

    @Option(name: .customLong("on-conflict"), help: "An objectId that is stored already: skip (default), replace or fail.")
    var conflict = "skip"

    @Option(name: .customLong("report"), help: "Report file naming every object not imported (JSON lines).")
    var reportPath = "kumo-import-report.jsonl"

    @Option(name: .customLong("progress"), help: "auto (a bar on a terminal, lines otherwise), bar, lines or none.")
    var progressMode = "auto"

    @Flag(name: .customLong("restore-settings"), help: "Also restore the application settings of a kumo export.")
    var restoresSettings = false

    @Flag(name: .customLong("send-password-reset"), help: "Mail a password-reset link to every imported user with a mail address.")
    var sendsPasswordReset = false

    @Option(name: .customLong("public-url"), help: "URL at which browsers reach the server, for the links of reset mails.")
    var publicURL = ProcessInfo.processInfo.environment["KUMO_PUBLIC_URL"] ?? "http://127.0.0.1:8080"

    @Option(name: .customLong("objects-per-write"), help: "Objects per transaction (group commit).")
    var objectsPerWrite = 2000

    @OptionGroup var storageOptions: StorageOptions

    @OptionGroup var mailOptions: MailOptions

    func validate() throws {
        guard BulkConflictMode(rawValue: conflict) != nil else { throw ValidationError("--on-conflict must be skip, replace or fail") }
        guard ["auto", "bar", "lines", "none"].contains(progressMode) else { throw ValidationError("--progress must be auto, bar, lines or none") }
        guard (1...50_000).contains(objectsPerWrite) else { throw ValidationError("--objects-per-write must be between 1 and 50000") }
        guard publicURL.hasPrefix("http://") || publicURL.hasPrefix("https://") else {
            throw ValidationError("--public-url must start with http:// or https://")
        }
        if sendsPasswordReset && isDryRun { throw ValidationError("--send-password-reset sends nothing in a --dry-run") }
    }

    func run() async throws {
        let logger = LoggingSetup.bootstrap(level: "warning")
        var options = ImportOptions(paths: paths)
        options.filesDirectory = filesDirectory
        options.isDryRun = isDryRun
        options.conflict = BulkConflictMode(rawValue: conflict) ?? .skip
        options.restoresSettings = restoresSettings
        options.objectsPerWrite = objectsPerWrite
        let report = try ImportReportFile(path: reportPath)
        let mail = sendsPasswordReset ? try mailOptions.makeTransport(dataDirectory: storageOptions.dataDirectory) : nil
        let identifiers = RandomIdentifierGenerator()
        let clock = SystemWallClock()
        let result: ImportResult = try await storageOptions.withStorage(logger: logger) { storage in
            let (application, notices, isNew) = try await targetApplication(in: storage)
            var options = options
            options.notices = notices
            // A new application takes the export's settings whole (push and provider credentials when it carries them).
            if isNew { options.restoresSettings = true }
            for notice in notices { FileHandle.standardError.write(Data("warning: \(notice)\n".utf8)) }
            let importer = Importer(
                storage: storage, application: application, options: options, progress: progressDisplay(), report: report,
                clock: .live(now: { clock.now() }), newObjectId: { identifiers.objectId() })
            var result: ImportResult
            do {
                result = try await importer.run()
            } catch let error as ImportError {
                throw ValidationError(error.description + "\nreport: \(reportPath)")
            }
            if !options.isDryRun { await CommandLineAudit.imported(result.summary, paths: paths, application: application, in: storage) }
            if let mail {
                result.summary.passwordResetsSent = await sendPasswordResets(
                    result.passwordResetCandidates, application: application, storage: storage, transport: mail.transport, logger: logger)
            }
            return result
        }
        print(result.summary.text)
        print("report: \(reportPath)")
        if result.summary.total.failed > 0 { throw ExitCode(1) }
    }

    /// The application named by `--app` (created with `--create-app`), or the only one; what the operator must be told
    /// about its keys; whether it was created (docs/decisions/0146-engine-moves-carry-secrets.md).
    private func targetApplication(in storage: any StorageBackend) async throws -> (HostedApplication, [String], Bool) {
        let requested = ApplicationLookup.requestedName(applicationName)
        let exported = (try? ExportSource.discover(paths: paths).manifest)?.application
        if let requested, try await storage.applications.application(named: requested) == nil {
            guard createsApplication else {
                let others = ApplicationLookup.listing(try await storage.applications.all())
                throw ValidationError("no application named '\(requested)' (add --create-app to create it); \(others)")
            }
            let application = try await AdministrationApplications(storage: storage).create(
                name: requested, applicationKey: exported?["applicationKey"]?.stringValue, clientKey: exported?["clientKey"]?.stringValue)
            await CommandLineAudit.record(
                "application.create", in: storage, application: application.name, target: application.applicationId)
            print("created application \(application.name) (application key \(application.applicationKey))")
            return (application, ImportKeyNotices.created(application, exported: exported), true)
        }
        let application = try await ApplicationLookup.application(named: requested, in: storage)
        return (application, ImportKeyNotices.existing(application, exported: exported), false)
    }

    /// A bar on a terminal, lines otherwise (or as `--progress` says), on standard error.
    private func progressDisplay() -> any ImportProgressDisplay {
        let write: @Sendable (String) -> Void = { text in FileHandle.standardError.write(Data(text.utf8)) }
        switch progressMode {
        case "bar": return TerminalProgressBar(write: write)
        case "lines": return PlainProgressLines(write: write)
        case "none": return SilentProgress()
        default: return isatty(FileHandle.standardError.fileDescriptor) == 1 ? TerminalProgressBar(write: write) : PlainProgressLines(write: write)
        }
    }

    /// Mails a password-reset link to each user through the configured transport (as `POST /requestPasswordReset`
    /// does); returns how many were sent. A failure is logged and the others go on.
    private func sendPasswordResets(
        _ candidates: [PasswordResetCandidate], application: HostedApplication, storage: any StorageBackend,
        transport: any MailTransport, logger: Logger
    ) async -> Int {
        var configuration = KumoConfiguration()
        configuration.publicURL = publicURL
        let environment = ServerEnvironment.live(
            storage: storage, logger: logger, passwordHasher: BcryptPasswordHasher(), mailer: transport,
            pushEndpoints: .production)
        let mailer = AccountMailer(environment: environment, configuration: configuration)
        var sent = 0
        for candidate in candidates {
            do {
                try await mailer.sendPasswordReset(application: application, userObjectId: candidate.objectId, mailAddress: candidate.mailAddress)
                sent += 1
            } catch {
                logger.error("password reset not sent", metadata: ["objectId": "\(candidate.objectId)", "error": "\(error)"])
            }
        }
        return sent
    }
}
