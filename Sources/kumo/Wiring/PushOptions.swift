import ArgumentParser
import Foundation
import KumoPush

/// Where push notifications go and how long their outcomes stay: the "Push notifications" section of `kumo serve --help`.
struct PushOptions: ParsableArguments {
    @Option(setting: "apns-url")
    var apnsURL = ProcessInfo.processInfo.environment["KUMO_APNS_URL"]

    @Option(setting: "apns-sandbox-url")
    var apnsSandboxURL = ProcessInfo.processInfo.environment["KUMO_APNS_SANDBOX_URL"]

    @Option(setting: "fcm-url")
    var fcmURL = ProcessInfo.processInfo.environment["KUMO_FCM_URL"]

    @Option(setting: "fcm-token-url")
    var fcmTokenURL = ProcessInfo.processInfo.environment["KUMO_FCM_TOKEN_URL"]

    @Option(setting: "push-trust-roots")
    var pushTrustRootsFile = ProcessInfo.processInfo.environment["KUMO_PUSH_TRUST_ROOTS"]

    @Option(setting: "push-outcome-days")
    var pushOutcomeDays = ServeSettings.variable("KUMO_PUSH_OUTCOME_DAYS", as: Int.self) ?? 30

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
    @Option(setting: "backup-every")
    var backupEvery = ProcessInfo.processInfo.environment["KUMO_BACKUP_EVERY"]

    @Option(setting: "backup-keep")
    var backupKeep = ServeSettings.variable("KUMO_BACKUP_KEEP", as: Int.self) ?? 14

    @Option(setting: "backup-dir")
    var backupDirectory = ProcessInfo.processInfo.environment["KUMO_BACKUP_DIR"]
}
