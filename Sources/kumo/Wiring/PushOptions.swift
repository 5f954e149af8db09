import ArgumentParser
import Foundation
import KumoPush

/// Where push notifications go and how long their outcomes stay: the "Push notifications" section of `kumo serve --help`.
struct PushOptions: ParsableArguments {
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

    @Option(name: .customLong("push-outcome-days"), help: "How many days each push's per-device outcomes are kept, 1…3650.")
    var pushOutcomeDays = Int(ProcessInfo.processInfo.environment["KUMO_PUSH_OUTCOME_DAYS"] ?? "") ?? 30

    func validate() throws {
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
    }

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
}

/// Scheduled SQLite backups: with ``StorageOptions``, the "Storage" section of `kumo serve --help`.
struct BackupOptions: ParsableArguments {
    @Option(name: .customLong("backup-every"), help: "SQLite: take a verified backup this often, e.g. 30m, 6h or 1d (default: off).")
    var backupEvery = ProcessInfo.processInfo.environment["KUMO_BACKUP_EVERY"]

    @Option(name: .customLong("backup-keep"), help: "SQLite: how many scheduled backups to keep.")
    var backupKeep = Int(ProcessInfo.processInfo.environment["KUMO_BACKUP_KEEP"] ?? "") ?? 14

    @Option(name: .customLong("backup-dir"), help: "SQLite: where scheduled backups go (default: <data-dir>/backups).")
    var backupDirectory = ProcessInfo.processInfo.environment["KUMO_BACKUP_DIR"]
}
