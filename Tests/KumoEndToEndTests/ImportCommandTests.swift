import Foundation
import KumoSeams
import Testing

/// `kumo sample-export`, `kumo import`, `kumo backup`, `kumo restore` and `kumo export` as an operator runs them.
@Suite struct ImportCommandTests {
    /// Runs `kumo` to completion; returns its exit status, standard output and standard error.
    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String, error: String) {
        let process = ChildProcess()
        process.executableURL = KumoProcess.executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Standard error first: an import's progress lines may fill a pipe before standard output does.
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    @Test func anImportPrintsPlainProgressOffATerminalAndABackupRestoresIt() async throws {
        let server = try KumoProcess()
        defer { server.removeData() }
        try server.createApplication()
        let data = server.dataDirectory.path
        let export = server.dataDirectory.appendingPathComponent("sample").path

        let sample = try Self.run(["sample-export", "--objects", "500", "--classes", "2", "--out", export])
        let imported = try Self.run(["import", export, "--data-dir", data, "--report", data + "/report.jsonl"])
        let again = try Self.run(["import", export, "--data-dir", data, "--report", data + "/report2.jsonl", "--on-conflict", "fail"])

        #expect(sample.status == 0, "\(sample.error)")
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.error.contains("objects 500/500 (100%)"))
        #expect(!imported.error.contains("\r"))
        #expect(imported.output.contains("Import finished."))
        #expect(imported.output.contains("Sample1"))
        #expect(again.status != 0)
        #expect(again.error.contains("is already stored (--on-conflict fail)"))

        try server.start()
        let backupPath = server.dataDirectory.appendingPathComponent("backup.sqlite").path
        let backup = try Self.run(["backup", "--out", backupPath, "--data-dir", data])
        #expect(server.stop() == 0)
        let restoredDirectory = server.dataDirectory.appendingPathComponent("restored").path
        let restore = try Self.run(["restore", backupPath, "--data-dir", restoredDirectory])
        let exported = try Self.run(["export", "--out", restoredDirectory + "/export", "--data-dir", restoredDirectory])

        #expect(backup.status == 0, "\(backup.error)")
        #expect(backup.output.contains("integrity check ok"))
        #expect(restore.status == 0, "\(restore.error)")
        #expect(exported.status == 0, "\(exported.error)")
        #expect(exported.output.contains("Sample1: 250 objects"))
        #expect(exported.output.contains("Sample2: 250 objects"))
    }

    @Test func aPostgreSQLBackupNamesPgDumpWhenItIsMissing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }

        let result = try Self.run(
            ["backup", "--out", directory.path + "/dump", "--database", "postgres://kumo:kumo@127.0.0.1:1/none"],
            environment: ["PATH": directory.path])

        #expect(result.status != 0)
        #expect(result.error.contains("pg_dump was not found on PATH"))
    }
}
