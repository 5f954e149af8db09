import ArgumentParser
import Foundation
import KumoAdministration
import KumoPush
import KumoServer
import KumoStorage
import NCMBWire

/// `kumo apps push`: show or set an application's APNs and FCM credentials; without options it shows them (keys hidden).
struct PushCredentialsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Show or set the APNs and FCM credentials push delivery uses; without options it shows them.",
        discussion: """
            APNs uses token authentication: the .p8 key from the Apple developer account, its key id, the team id and \
            the app's bundle id (topic). --apns-sandbox delivers to the development host (apps run from Xcode).
            Example: kumo apps push --apns-key-file AuthKey_ABC123DEFG.p8 --apns-key-id ABC123DEFG \
            --apns-team-id DEF456GHIJ --apns-topic com.example.app
            FCM uses a service account's JSON key (Firebase console > Project settings > Service accounts).
            Example: kumo apps push --fcm-service-account my-project-firebase-adminsdk.json
            With APNs already set, one option alone (for example --apns-topic or --apns-sandbox) changes only it.
            Changes reach a running server within a few seconds.
            """)

    /// `--apns-sandbox` or `--apns-production`.
    enum APNsEnvironment: String, EnumerableFlag {
        case apnsSandbox, apnsProduction

        static func help(for value: APNsEnvironment) -> ArgumentHelp? {
            switch value {
            case .apnsSandbox: "Deliver to the APNs sandbox (development builds)."
            case .apnsProduction: "Deliver to the APNs production host (the default)."
            }
        }
    }

    @OptionGroup var applicationOptions: ApplicationOptions
    @Option(name: .customLong("apns-key-file"), help: "The APNs signing key (.p8, PEM).") var apnsKeyFile: String?
    @Option(name: .customLong("apns-key-id"), help: "The 10-character id of the .p8 key.") var apnsKeyId: String?
    @Option(name: .customLong("apns-team-id"), help: "The 10-character Apple developer team id.") var apnsTeamId: String?
    @Option(name: .customLong("apns-topic"), help: "The app's bundle id.") var apnsTopic: String?
    @Flag(exclusivity: .exclusive) var apnsEnvironment: APNsEnvironment?
    @Option(name: .customLong("fcm-service-account"), help: "A Firebase service-account key file (JSON).")
    var fcmServiceAccountFile: String?
    @Flag(name: .customLong("clear-apns"), help: "Remove the APNs credentials.") var clearsAPNs = false
    @Flag(name: .customLong("clear-fcm"), help: "Remove the FCM credentials.") var clearsFCM = false
    @Flag(help: "Print machine-readable JSON.") var json = false

    /// Whether any APNs option is given.
    var changesAPNs: Bool {
        apnsKeyFile != nil || apnsKeyId != nil || apnsTeamId != nil || apnsTopic != nil || apnsEnvironment != nil
    }

    func validate() throws {
        if clearsAPNs && changesAPNs { throw ValidationError("--clear-apns cannot be combined with other --apns options") }
        if clearsFCM && fcmServiceAccountFile != nil {
            throw ValidationError("--clear-fcm cannot be combined with --fcm-service-account")
        }
        for (name, value) in [("--apns-key-id", apnsKeyId), ("--apns-team-id", apnsTeamId), ("--apns-topic", apnsTopic)] {
            if let value, value.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("\(name) is empty") }
        }
    }

    func run() async throws {
        let patch = try patch()
        let push = try await applicationOptions.withApplication { storage, application in
            let change = try applying(patch, to: application.settings)
            if change.settings != application.settings {
                try await storage.applications.updateSettings(applicationId: application.applicationId, settings: change.settings)
                await CommandLineAudit.settingsChanged(change.changedKeys, in: storage, application: application)
            }
            return change.settings.push
        }
        print(Self.describe(push, asJSON: json))
        for warning in Self.warnings(push) { print("warning: \(warning)") }
    }

    /// The options as a change of the settings' `push` group (`AdministrationSettings`, shared with the dashboard):
    /// APNs options merge into the stored credentials, a service-account file replaces the FCM ones.
    func patch() throws -> JSONObject {
        var push = JSONObject()
        if clearsAPNs { push["apns"] = .null }
        if clearsFCM { push["fcm"] = .null }
        if changesAPNs {
            var apns = JSONObject()
            if let apnsKeyFile { apns["privateKey"] = .string(try String(contentsOfFile: apnsKeyFile, encoding: .utf8)) }
            if let apnsKeyId { apns["keyId"] = .string(apnsKeyId) }
            if let apnsTeamId { apns["teamId"] = .string(apnsTeamId) }
            if let apnsTopic { apns["topic"] = .string(apnsTopic) }
            if let apnsEnvironment { apns["usesSandbox"] = .bool(apnsEnvironment == .apnsSandbox) }
            push["apns"] = .object(apns)
        }
        if let fcmServiceAccountFile {
            let text = try String(contentsOfFile: fcmServiceAccountFile, encoding: .utf8)
            guard let account = try? JSONValue(parsing: text) else { throw Self.notAServiceAccount(fcmServiceAccountFile) }
            push["fcm"] = ["serviceAccount": account]
        }
        return ["push": .object(push)]
    }

    /// `patch` applied by the shared rules; a refusal names the option or file it came from.
    func applying(_ patch: JSONObject, to settings: ApplicationSettings) throws -> AdministrationSettings.Change {
        do {
            return try AdministrationSettings(credentialsCheck: PlatformPushCredentialsCheck()).applying(patch, to: settings)
        } catch {
            switch error.field {
            case "push.fcm.serviceAccount" where error.message.hasPrefix("is not"):
                throw Self.notAServiceAccount(fcmServiceAccountFile ?? "--fcm-service-account")
            case "push.fcm.serviceAccount": throw ValidationError("\(fcmServiceAccountFile ?? "--fcm-service-account"): \(error.message)")
            case "push.apns.privateKey" where apnsKeyFile != nil: throw ValidationError("--apns-key-file: \(error.message)")
            case let field where field.hasPrefix("push.apns.") && error.message.hasPrefix("is needed"):
                throw ValidationError("APNs needs --apns-key-file, --apns-key-id, --apns-team-id and --apns-topic")
            default: throw ValidationError("\(error.field): \(error.message)")
            }
        }
    }

    static func notAServiceAccount(_ path: String) -> ValidationError {
        ValidationError(
            "\(path) is not a service-account key file (\"type\": \"service_account\" with project_id, client_email and private_key)")
    }

    /// The settings as JSON or readable lines, private keys hidden.
    static func describe(_ push: PushSettings, asJSON: Bool) -> String {
        let hidden: JSONValue = "(hidden)"
        let apns: JSONValue =
            push.apns.map { apns in
                [
                    "keyId": .string(apns.keyId), "teamId": .string(apns.teamId), "topic": .string(apns.topic),
                    "usesSandbox": .bool(apns.usesSandbox), "privateKey": hidden,
                ]
            } ?? .null
        let fcm: JSONValue =
            push.fcm.map { fcm in
                [
                    "projectId": .string(fcm.projectId), "clientEmail": .string(fcm.clientEmail),
                    "privateKeyId": fcm.privateKeyId.map(JSONValue.string) ?? .null, "tokenURI": .string(fcm.tokenURI),
                    "privateKey": hidden,
                ]
            } ?? .null
        if asJSON { return JSONValue.object(["apns": apns, "fcm": fcm]).serializedString() }
        let apnsText =
            push.apns.map { apns in
                "key id \(apns.keyId), team \(apns.teamId), topic \(apns.topic), "
                    + (apns.usesSandbox ? "sandbox" : "production") + ", key (hidden)"
            } ?? "not configured (iOS devices are not delivered to)"
        let fcmText =
            push.fcm.map { fcm in
                "project \(fcm.projectId), account \(fcm.clientEmail)"
                    + (fcm.privateKeyId.map { ", key id \($0)" } ?? "") + ", key (hidden)"
            } ?? "not configured (Android devices are not delivered to)"
        return """
            APNs: \(apnsText)
            FCM:  \(fcmText)
            """
    }

    /// What an operator should know about credentials Apple or Google will likely refuse.
    static func warnings(_ push: PushSettings) -> [String] {
        guard let apns = push.apns else { return [] }
        var warnings: [String] = []
        if apns.keyId.count != 10 { warnings.append("APNs key ids have 10 characters; '\(apns.keyId)' has \(apns.keyId.count)") }
        if apns.teamId.count != 10 { warnings.append("APNs team ids have 10 characters; '\(apns.teamId)' has \(apns.teamId.count)") }
        return warnings
    }
}
