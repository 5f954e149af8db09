import Foundation
import NCMBWire
import NIOHTTP1
import Testing

/// Every `kumo` command that changes an application writes the audit log the dashboard shows, with `cli` as the
/// administrator (docs/dashboard.md#audit-log): run as an operator runs them, then read through the dashboard's audit
/// API of a real `kumo serve`.
@Suite struct CommandLineAuditEndToEndTests {
    /// Node.js for `kumo scripts deploy`'s syntax check: always under CI, else when `node` is on `PATH`.
    static let nodeIsThere =
        ProcessInfo.processInfo.environment["CI"] != nil
        || (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/node")
        }

    /// Runs `kumo ARGUMENTS --data-dir DATA`; fails the test when it fails.
    static func run(_ kumo: KumoProcess, _ arguments: [String]) throws {
        let result = try ImportCommandTests.run(arguments + ["--data-dir", kumo.dataDirectory.path])
        #expect(result.status == 0, "\(arguments): \(result.error)")
    }

    /// The audit log as the dashboard's API answers it, newest first, as `"admin action application target"` lines
    /// and the entries themselves.
    static func auditLog(_ kumo: KumoProcess) async throws -> (lines: [String], entries: [JSONObject]) {
        try kumo.runCommand([
            "admins", "create", "--email", "ops@example.com", "--password", "correct horse", "--password-hash-cost", "4",
            "--data-dir", kumo.dataDirectory.path,
        ])
        try kumo.start(extraArguments: ["--dashboard-password-hash-cost", "4"])
        defer { kumo.stop() }
        let browser = DashboardEndToEndTests.Browser(port: kumo.port)
        _ = try await browser.send(.GET, "/dashboard/login")
        let formToken = try #require(browser.cookies["kumo_dashboard_form"])
        _ = try await browser.send(
            .POST, "/dashboard/login", body: "email=ops%40example.com&password=correct%20horse&csrf=\(formToken)",
            contentType: "application/x-www-form-urlencoded")
        let audit = try await browser.send(.GET, "/dashboard/api/audit?limit=100")
        try await browser.shutdown()
        #expect(audit.status == 200, "\(audit.body)")
        let entries = try JSONValue(parsing: Array(audit.body.utf8)).objectValue?["results"]?.arrayValue?.compactMap(\.objectValue) ?? []
        let lines = entries.map { entry in
            ["admin", "action", "application", "target"].map { entry[$0]?.stringValue ?? "-" }.joined(separator: " ")
        }
        return (lines, entries)
    }

    @Test func applicationSettingsPermissionsIndexesAndImportsFromTheCommandLineAreAudited() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        let export = kumo.dataDirectory.appendingPathComponent("sample").path
        let sample = try ImportCommandTests.run(["sample-export", "--objects", "10", "--classes", "1", "--out", export])
        #expect(sample.status == 0, "\(sample.error)")
        try Self.run(kumo, ["apps", "settings", "--client-push", "on"])
        try Self.run(kumo, ["providers", "set", "facebook", "--enable"])
        try Self.run(kumo, ["classes", "permissions", "set", "Sample1", "--create", "authenticated"])
        try Self.run(kumo, ["classes", "index", "add", "Sample1", "score:number"])
        try Self.run(kumo, ["classes", "index", "remove", "Sample1", "score:number"])
        try Self.run(kumo, ["import", export, "--progress", "none", "--report", kumo.dataDirectory.path + "/report.jsonl"])
        try Self.run(kumo, ["import", export, "--dry-run", "--progress", "none", "--report", kumo.dataDirectory.path + "/dry.jsonl"])
        let refused = try ImportCommandTests.run([
            "apps", "create", "--name", "bad", "--application-key", "not a key", "--client-key", "abc", "--data-dir",
            kumo.dataDirectory.path,
        ])

        let (lines, entries) = try await Self.auditLog(kumo)

        #expect(refused.status != 0 && refused.error.contains("--application-key may hold only ASCII letters"), "\(refused.error)")
        let expected = [
            "cli application.create e2e", "cli settings.update e2e", "cli settings.update e2e", "cli classPermissions.update e2e Sample1",
            "cli index.create e2e Sample1", "cli index.remove e2e Sample1", "cli import.run e2e \(export)",
        ]
        let fromTheCommandLine = lines.filter { $0.hasPrefix("cli ") && !$0.hasPrefix("cli admin.") }.reversed()
        #expect(
            fromTheCommandLine.map { $0.replacingOccurrences(of: #" [0-9a-zA-Z]{16}$"#, with: "", options: .regularExpression) } == expected
        )
        let imported = try #require(entries.first { $0["action"] == "import.run" })
        #expect(imported["detail"]?.objectValue?["imported"] == 10 && imported["detail"]?.objectValue?["failed"] == 0)
        let settings = entries.filter { $0["action"] == "settings.update" }.compactMap { $0["detail"]?.objectValue?["changed"] }
        #expect(settings.contains(["push.clientPush"]) && settings.contains(["providers.facebook"]), "\(settings)")
        #expect(entries.filter { $0["admin"] == "cli" }.allSatisfy { $0["address"] == nil || $0["address"] == .null })
    }

    @Test(.enabled(if: nodeIsThere, "needs Node.js on PATH (always runs under CI, where .ci/run installs nodejs)"))
    func scriptsDeployedEnabledAndRemovedFromTheCommandLineAreAudited() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        let script = kumo.dataDirectory.appendingPathComponent("hello.js")
        try Data("module.exports = function (req, res) { res.status(200).json({}); };\n".utf8).write(to: script)
        try Self.run(kumo, ["scripts", "deploy", script.path])
        try Self.run(kumo, ["scripts", "disable", "hello.js"])
        try Self.run(kumo, ["scripts", "remove", "hello.js"])

        let (lines, entries) = try await Self.auditLog(kumo)

        let scripts = lines.filter { $0.hasPrefix("cli script.") }.reversed()
        #expect(Array(scripts) == ["cli script.deploy e2e hello.js", "cli script.update e2e hello.js", "cli script.remove e2e hello.js"])
        let deployed = try #require(entries.first { $0["action"] == "script.deploy" }?["detail"]?.objectValue)
        #expect(deployed["version"] == 1 && deployed["runPermission"]?.stringValue != nil)
        #expect(entries.first { $0["action"] == "script.update" }?["detail"] == ["enabled": false])
    }
}
