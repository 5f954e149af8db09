import ArgumentParser
import Foundation
import Hummingbird
import KumoDashboard

/// `kumo serve` options of the dashboard (docs/dashboard.md, docs/configuration.md#dashboard): on by default at
/// `/dashboard/` of the API port, or on a listener of its own.
struct DashboardOptions: ParsableArguments {
    @Option(setting: "dashboard")
    var dashboardOption: String?

    @Option(setting: "dashboard-host")
    var dashboardHostOption: String?

    @Option(setting: "dashboard-port")
    var dashboardPortOption: Int?

    @Option(setting: "dashboard-password-hash-cost")
    var passwordHashCostOption: Int?

    @Option(setting: "dashboard-audit-days")
    var auditDaysOption: Int?

    @Option(setting: "dashboard-import-lease-seconds")
    var importLeaseSecondsOption: Int?

    private var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// Whether the dashboard is served.
    var isOn: Bool { ServeSettings.isOn(dashboardOption, key: "dashboard") }
    /// The own listener's port, or `nil` to serve on the API port.
    var port: Int? { ServeSettings.value(dashboardPortOption, "KUMO_DASHBOARD_PORT") }
    /// The own listener's address, or `nil` for `--host`.
    var host: String? { dashboardHostOption ?? environment["KUMO_DASHBOARD_HOST"] }
    /// The bcrypt cost of administrators' passwords.
    var passwordHashCost: Int {
        ServeSettings.value(passwordHashCostOption, "KUMO_DASHBOARD_PASSWORD_HASH_COST") ?? 12
    }

    /// How many days the audit log keeps entries; 0 keeps them forever.
    var auditDays: Int { ServeSettings.value(auditDaysOption, "KUMO_DASHBOARD_AUDIT_DAYS") ?? 365 }

    /// How long a runner's lease on an import job holds without renewal (docs/decisions/0155-import-jobs-in-the-database.md).
    var importLeaseSeconds: Int {
        ServeSettings.value(importLeaseSecondsOption, "KUMO_DASHBOARD_IMPORT_LEASE_SECONDS") ?? 60
    }

    func validate() throws {
        try ServeSettings.checkOnOff(dashboardOption, key: "dashboard")
        if let port, !(0...65_535).contains(port) {
            throw ValidationError("\(ServeSettings.source(ofFlag: "--dashboard-port")) takes 0…65535, not \(port)")
        }
        guard (4...31).contains(passwordHashCost) else {
            throw ValidationError("\(ServeSettings.source(ofFlag: "--dashboard-password-hash-cost")) must be between 4 and 31")
        }
        guard (0...3_650).contains(auditDays) else {
            throw ValidationError("\(ServeSettings.source(ofFlag: "--dashboard-audit-days")) must be between 0 (forever) and 3650")
        }
        guard (1...3_600).contains(importLeaseSeconds) else {
            throw ValidationError("\(ServeSettings.source(ofFlag: "--dashboard-import-lease-seconds")) must be between 1 and 3600")
        }
        if host != nil && port == nil {
            throw ValidationError("--dashboard-host needs --dashboard-port (a listener of the dashboard's own)")
        }
    }

    /// Whether a request came over HTTPS: the server's TLS, or `X-Forwarded-Proto: https` when proxies are trusted (a
    /// forged header can only add `Secure` to the cookies, never remove it).
    static func isSecure(_ request: Request, tls: Bool, trustsProxies: Bool) -> Bool {
        tls || (trustsProxies && request.headers[DashboardHeaderNames.forwardedProto]?.lowercased() == "https")
    }

}
