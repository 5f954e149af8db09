import Foundation
import KumoSeams
import Testing

/// `kumo backup` and `kumo restore` on PostgreSQL through `pg_dump`/`pg_restore`, in a schema of its own so that the
/// other tests' data is not touched (docs/decisions/0059-backups.md).
@Suite struct PostgresBackupTests {
    static let baseURL = ProcessInfo.processInfo.environment["KUMO_TEST_POSTGRES_URL"] ?? "postgres://kumo:kumo@127.0.0.1:54329/kumo_test"

    /// `name` on PATH, as `kumo` looks it up.
    static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let isEnabled = ProcessInfo.processInfo.environment["CI"] == "true"
        || (onPath("pg_dump") != nil && onPath("pg_restore") != nil && ProcessInfo.processInfo.environment["KUMO_TEST_POSTGRES_URL"] != nil)

    /// Drops the test's schema with psql (best effort: a leftover schema disturbs no other test).
    static func dropSchema(_ schema: String) {
        guard let psql = onPath("psql") else { return }
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: psql)
        process.arguments = ["-X", "-q", baseURL, "-c", "DROP SCHEMA IF EXISTS \(schema) CASCADE"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return }
        process.waitUntilExit()
    }

    @Test(.enabled(if: isEnabled, "needs pg_dump, pg_restore and psql on PATH and KUMO_TEST_POSTGRES_URL (always runs under CI=true)"))
    func aBackupRestoresTheDataAsItWasWhenTheBackupWasTaken() throws {
        let schema = "kumo_backup_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        let database = Self.baseURL + "?schema=" + schema
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: directory)
            Self.dropSchema(schema)
        }
        let path = directory.path

        let created = try ImportCommandTests.run([
            "apps", "create", "--name", "e2e", "--application-key", "e2eapplicationkey", "--client-key", "e2eclientkey", "--database", database,
        ])
        let sample = try ImportCommandTests.run(["sample-export", "--objects", "200", "--classes", "2", "--out", path + "/sample"])
        let imported = try ImportCommandTests.run(["import", path + "/sample", "--database", database, "--report", path + "/r1.jsonl", "--progress", "none"])
        let backup = try ImportCommandTests.run(["backup", "--out", path + "/kumo.dump", "--database", database])
        #expect(created.status == 0, "\(created.error)")
        #expect(sample.status == 0, "\(sample.error)")
        #expect(imported.status == 0, "\(imported.error)")
        #expect(backup.status == 0, "\(backup.error)")
        #expect(backup.output.contains("pg_dump wrote"))

        // Writes after the backup: a new class.
        try FileManager.default.createDirectory(atPath: path + "/later", withIntermediateDirectories: true)
        try Data(#"{"results":[{"objectId":"later0000000001","note":"after the backup"}]}"#.utf8).write(to: URL(fileURLWithPath: path + "/later/Later.json"))
        let later = try ImportCommandTests.run(["import", path + "/later", "--database", database, "--report", path + "/r2.jsonl", "--progress", "none"])
        let before = try ImportCommandTests.run(["export", "--out", path + "/before", "--database", database])
        #expect(later.status == 0, "\(later.error)")
        #expect(before.output.contains("Later: 1 objects"), "\(before.output)")

        let restored = try ImportCommandTests.run(["restore", path + "/kumo.dump", "--database", database])
        let after = try ImportCommandTests.run(["export", "--out", path + "/after", "--database", database])

        #expect(restored.status == 0, "\(restored.error)")
        #expect(after.status == 0, "\(after.error)")
        #expect(after.output.contains("Sample1: 100 objects"), "\(after.output)")
        #expect(after.output.contains("Sample2: 100 objects"), "\(after.output)")
        #expect(!after.output.contains("Later"), "\(after.output)")
        for file in ["Sample1.json", "Sample2.json"] {
            let first = try? Data(contentsOf: URL(fileURLWithPath: path + "/before/" + file))
            let second = try? Data(contentsOf: URL(fileURLWithPath: path + "/after/" + file))
            #expect(first != nil && first == second, "\(file)")
        }
    }

    @Test func restoreNamesPgRestoreWhenItIsMissing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("not a dump".utf8).write(to: directory.appendingPathComponent("dump"))

        let result = try ImportCommandTests.run(
            ["restore", directory.path + "/dump", "--database", "postgres://kumo:kumo@127.0.0.1:1/none"], environment: ["PATH": directory.path])

        #expect(result.status != 0)
        #expect(result.error.contains("pg_restore was not found on PATH"))
    }
}
