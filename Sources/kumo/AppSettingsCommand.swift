import ArgumentParser
import Foundation
import KumoStorage
import NCMBWire

/// `kumo apps settings`: show or change an application's sessions, user defaults and mail settings (templates included).
struct AppSettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change an application's session, user and mail settings; without options it shows them.",
        discussion: """
            Mail templates (purposes mailAddressUserEntry, passwordReset, mailAddressConfirm) take a subject and a body \
            file; {link}, {mailAddress} and {applicationName} are replaced when a mail is written.
            Example: kumo apps settings --mail-template passwordReset --subject "Reset" --body-file reset.txt
            """)

    @OptionGroup var applicationOptions: ApplicationOptions
    @Option(name: .customLong("session-lifetime-hours"), help: "How long session tokens live, 1…168 hours (default 24).")
    var sessionLifetimeHours: Int?
    @Option(name: .customLong("multiple-sessions"), help: "true: a login keeps the user's other sessions (default false).")
    var allowsMultipleSessions: Bool?
    @Option(name: .customLong("users-public-read"), help: "Whether users created without an acl are publicly readable.")
    var usersArePublicReadable: Bool?
    @Option(
        name: .customLong("public-files"),
        help: ArgumentHelp("on: serve publicly readable files without a signature under /publicFiles (default off).", valueName: "on|off"))
    var publicFiles: Switch?
    @Option(
        name: .customLong("client-push"),
        help: ArgumentHelp(
            "on: clients may register and change pushes (POST/PUT /push); off answers 403 E403003 (default off, as NCMB).",
            valueName: "on|off"))
    var clientPush: Switch?
    @Option(
        name: .customLong("maximum-file-size"),
        help: ArgumentHelp("Largest file an upload may store, in bytes (default 104857600 = 100 MiB).", valueName: "bytes"))
    var maximumFileSize: Int64?
    @Option(name: .customLong("mail-sender"), help: "From: address of the application's mails.") var mailSender: String?
    @Option(name: .customLong("mail-custom-url"), help: "Base URL of your own mail pages (customUrl); \"\" for Kumo's pages.")
    var mailCustomURL: String?
    @Option(name: .customLong("mail-confirm"), help: "Send a confirmation mail when a user signs up with a mailAddress.")
    var confirmsMailAddress: Bool?
    @Option(name: .customLong("mail-token-lifetime-hours"), help: "How long links in mails stay valid (default 24).")
    var mailTokenLifetimeHours: Int?
    @Option(name: .customLong("mail-template"), help: "Purpose of the template to set: mailAddressUserEntry, passwordReset or mailAddressConfirm.")
    var templatePurpose: String?
    @Option(help: "Subject of --mail-template.") var subject: String?
    @Option(name: .customLong("body-file"), help: "File holding the plain-text body of --mail-template.") var bodyFile: String?
    @Flag(help: "Print machine-readable JSON.") var json = false

    func validate() throws {
        if let hours = sessionLifetimeHours, !(1...168).contains(hours) {
            throw ValidationError("--session-lifetime-hours takes 1…168 (docs/decisions/0010-session-lifetime.md)")
        }
        if let maximumFileSize, maximumFileSize < 1 {
            throw ValidationError("--maximum-file-size takes a positive number of bytes")
        }
        if let hours = mailTokenLifetimeHours, !(1...720).contains(hours) {
            throw ValidationError("--mail-token-lifetime-hours takes 1…720")
        }
        if let templatePurpose {
            guard OneTimeTokenPurpose(rawValue: templatePurpose) != nil else {
                throw ValidationError("--mail-template takes mailAddressUserEntry, passwordReset or mailAddressConfirm")
            }
            guard subject != nil, bodyFile != nil else { throw ValidationError("--mail-template needs --subject and --body-file") }
        } else if subject != nil || bodyFile != nil {
            throw ValidationError("--subject and --body-file belong to --mail-template")
        }
        if let mailCustomURL, !mailCustomURL.isEmpty, !(mailCustomURL.hasPrefix("http://") || mailCustomURL.hasPrefix("https://")) {
            throw ValidationError("--mail-custom-url must start with http:// or https://")
        }
    }

    func run() async throws {
        let settings = try await applicationOptions.withApplication { storage, application in
            let settings = try applied(to: application.settings)
            if settings != application.settings {
                try await storage.applications.updateSettings(applicationId: application.applicationId, settings: settings)
            }
            return settings
        }
        print(AppSettingsCommand.describe(settings, asJSON: json))
    }

    /// The settings with every given option applied; options not given keep their value.
    func applied(to current: ApplicationSettings) throws -> ApplicationSettings {
        var settings = current
        if let sessionLifetimeHours { settings.sessionLifetimeSeconds = sessionLifetimeHours * 3600 }
        if let allowsMultipleSessions { settings.allowsMultipleSessions = allowsMultipleSessions }
        if let usersArePublicReadable { settings.usersArePublicReadable = usersArePublicReadable }
        if let publicFiles { settings.publicFilesEnabled = publicFiles.isOn }
        if let clientPush { settings.clientPushEnabled = clientPush.isOn }
        if let maximumFileSize { settings.maximumFileSize = maximumFileSize }
        if let mailSender { settings.mail.senderAddress = mailSender }
        if let mailCustomURL { settings.mail.customURL = mailCustomURL.isEmpty ? nil : mailCustomURL }
        if let confirmsMailAddress { settings.mail.confirmsMailAddress = confirmsMailAddress }
        if let mailTokenLifetimeHours { settings.mail.tokenLifetimeSeconds = mailTokenLifetimeHours * 3600 }
        if let templatePurpose, let subject, let bodyFile {
            let body = try String(contentsOfFile: bodyFile, encoding: .utf8)
            settings.mail.templates[templatePurpose] = MailTemplate(subject: subject, body: body)
        }
        return settings
    }

    /// The settings as stored (JSON), or as readable lines.
    static func describe(_ settings: ApplicationSettings, asJSON: Bool) -> String {
        if asJSON {
            // Push credentials are private keys: `kumo apps push` shows them masked; never print them here.
            var shown = settings
            shown.push = PushSettings()
            return shown.storedJSON.serializedString()
        }
        let templates = settings.mail.templates.keys.sorted()
        return """
            session lifetime:      \(settings.sessionLifetimeSeconds / 3600) h
            multiple sessions:     \(settings.allowsMultipleSessions)
            users public read:     \(settings.usersArePublicReadable)
            public files:          \(settings.publicFilesEnabled ? "on" : "off")
            client push:           \(settings.clientPushEnabled ? "on" : "off")
            maximum file size:     \(settings.maximumFileSize) bytes
            mail sender:           \(settings.mail.senderAddress)
            mail custom URL:       \(settings.mail.customURL ?? "– (Kumo's own pages)")
            mail confirmation:     \(settings.mail.confirmsMailAddress)
            mail link lifetime:    \(settings.mail.tokenLifetimeSeconds / 3600) h
            mail templates:        \(templates.isEmpty ? "built-in" : templates.joined(separator: ", "))
            """
    }
}

/// An `on`/`off` option value (`true`/`false` are accepted too).
enum Switch: String, ExpressibleByArgument, CaseIterable {
    case on, off

    init?(argument: String) {
        switch argument.lowercased() {
        case "on", "true": self = .on
        case "off", "false": self = .off
        default: return nil
        }
    }

    /// Whether the switch is on.
    var isOn: Bool { self == .on }
}
