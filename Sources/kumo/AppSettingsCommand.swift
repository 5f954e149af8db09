import ArgumentParser
import Foundation
import KumoAdministration
import KumoPush
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
    @Option(
        name: .customLong("mail-template"),
        help: "Purpose of the template to set: mailAddressUserEntry, passwordReset or mailAddressConfirm.")
    var templatePurpose: String?
    @Option(help: "Subject of --mail-template.") var subject: String?
    @Option(name: .customLong("body-file"), help: "File holding the plain-text body of --mail-template.") var bodyFile: String?
    @Flag(help: "Print machine-readable JSON.") var json = false

    func validate() throws {
        if let templatePurpose {
            guard subject != nil, bodyFile != nil else {
                throw ValidationError("--mail-template \(templatePurpose) needs --subject and --body-file")
            }
        } else if subject != nil || bodyFile != nil {
            throw ValidationError("--subject and --body-file belong to --mail-template")
        }
        // The values are checked by the dashboard's own rules (docs/dashboard.md#settings), the body file once read.
        _ = try Self.applying(patch(templateBody: "body"), to: ApplicationSettings())
    }

    func run() async throws {
        let body = try bodyFile.map { try String(contentsOfFile: $0, encoding: .utf8) }
        let patch = patch(templateBody: body)
        let settings = try await applicationOptions.withApplication { storage, application in
            let change = try Self.applying(patch, to: application.settings)
            if change.settings != application.settings {
                try await storage.applications.updateSettings(applicationId: application.applicationId, settings: change.settings)
                await CommandLineAudit.settingsChanged(change.changedKeys, in: storage, application: application)
            }
            return change.settings
        }
        print(AppSettingsCommand.describe(settings, asJSON: json))
    }

    /// The options given, as a change in the settings' grouped JSON (`AdministrationSettings`, shared with the
    /// dashboard); options not given are left out and keep their value.
    func patch(templateBody: String?) -> JSONObject {
        var groups: [String: JSONObject] = [:]
        func set(_ group: String, _ key: String, _ value: JSONValue?) {
            if let value { groups[group, default: [:]][key] = value }
        }
        set("sessions", "lifetimeSeconds", sessionLifetimeHours.map(Self.seconds(hours:)))
        set("sessions", "allowsMultipleSessions", allowsMultipleSessions.map(JSONValue.bool))
        set("users", "publicReadable", usersArePublicReadable.map(JSONValue.bool))
        set("files", "publicFiles", publicFiles.map { .bool($0.isOn) })
        set("files", "maximumFileSize", maximumFileSize.map(JSONValue.integer))
        set("push", "clientPush", clientPush.map { .bool($0.isOn) })
        set("mail", "senderAddress", mailSender.map(JSONValue.string))
        set("mail", "customURL", mailCustomURL.map { $0.isEmpty ? .null : .string($0) })
        set("mail", "confirmsMailAddress", confirmsMailAddress.map(JSONValue.bool))
        set("mail", "tokenLifetimeSeconds", mailTokenLifetimeHours.map(Self.seconds(hours:)))
        if let templatePurpose, let subject, let templateBody {
            set("mail", "templates", [templatePurpose: ["subject": .string(subject), "body": .string(templateBody)]])
        }
        var patch = JSONObject()
        for group in groups.keys.sorted() { patch[group] = groups[group].map(JSONValue.object) }
        return patch
    }

    /// Hours as seconds; a count too large to multiply becomes -1, which the checks refuse.
    static func seconds(hours: Int) -> JSONValue {
        let (seconds, overflow) = Int64(clamping: hours).multipliedReportingOverflow(by: 3600)
        return .integer(overflow ? -1 : seconds)
    }

    /// `change` applied by the shared rules; a refusal names the option it came from.
    static func applying(_ patch: JSONObject, to settings: ApplicationSettings) throws -> AdministrationSettings.Change {
        do {
            return try AdministrationSettings(credentialsCheck: PlatformPushCredentialsCheck()).applying(patch, to: settings)
        } catch {
            let option = optionNames.first { error.field == $0.key || error.field.hasPrefix($0.key + ".") }?.value ?? error.field
            throw ValidationError("\(option): \(error.message)")
        }
    }

    /// The option behind each settings key.
    static let optionNames: [String: String] = [
        "sessions.lifetimeSeconds": "--session-lifetime-hours", "sessions.allowsMultipleSessions": "--multiple-sessions",
        "users.publicReadable": "--users-public-read", "files.publicFiles": "--public-files",
        "files.maximumFileSize": "--maximum-file-size", "push.clientPush": "--client-push", "mail.senderAddress": "--mail-sender",
        "mail.customURL": "--mail-custom-url", "mail.confirmsMailAddress": "--mail-confirm",
        "mail.tokenLifetimeSeconds": "--mail-token-lifetime-hours", "mail.templates": "--mail-template",
    ]

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
