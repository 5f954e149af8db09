import Foundation
import KumoImport
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// A Kumo export carries the application's scripts (code, version hash, state, run permission) and an import deploys
/// them again (docs/decisions/0060-export-format.md).
@Suite struct ExportScriptsTests {
    static let run = OperationPermission(isPublic: false, allowsAuthenticatedUsers: true, roleNames: ["admin"])

    /// An export of an application with two scripts, one of them disabled, kept beyond its test.
    static func export() async throws -> String {
        try await TestApplication.with(engine: .sqlite) { application in
            let applicationId = application.application.applicationId
            let now = WireDate(millisecondsSince1970: 1_700_000_000_000)
            _ = try await application.storage.scripts.deploy(
                ScriptDeployment(
                    applicationId: applicationId, name: "hello.js", code: "module.exports = (q, s) => s.send('hi');\n",
                    versionHash: "a1"),
                maximumCount: 100, now: now)
            _ = try await application.storage.scripts.deploy(
                ScriptDeployment(
                    applicationId: applicationId, name: "admin.js", code: "module.exports = (q, s) => s.json({});\n",
                    versionHash: "b2", runPermission: run),
                maximumCount: 100, now: now)
            _ = try await application.storage.scripts.update(
                applicationId: applicationId, name: "admin.js", isEnabled: false, runPermission: nil, now: now)
            let directory = try await ImportHarness.export(application)
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-export-\(UUID().uuidString)").path
            try FileManager.default.moveItem(atPath: directory, toPath: kept)
            return kept
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anImportDeploysTheExportedScriptsWithTheirStateAndPermission(_ engine: StorageEngine) async throws {
        let exported = try await Self.export()
        defer { try? FileManager.default.removeItem(atPath: exported) }
        let manifest = try ExportManifest.read(path: exported + "/" + ExportManifest.fileName)
        #expect(manifest.scripts.arrayValue?.count == 2)

        try await TestApplication.with(engine: engine) { application in
            let (result, report) = try await ImportHarness.run(application, paths: [exported])

            #expect(await report.failures.isEmpty)
            #expect(result.summary.scriptsRestored == 2)
            #expect(result.summary.scriptsSkipped == 0)
            let scripts = try await application.storage.scripts.scripts(applicationId: application.application.applicationId)
            let byName = Dictionary(uniqueKeysWithValues: scripts.map { ($0.name, $0) })
            let hello = try #require(byName["hello.js"])
            #expect(hello.code == "module.exports = (q, s) => s.send('hi');\n")
            #expect(hello.versionHash == "a1")
            #expect(hello.isEnabled)
            #expect(hello.runPermission == .everyone)
            let admin = try #require(byName["admin.js"])
            #expect(admin.versionHash == "b2")
            #expect(!admin.isEnabled)
            #expect(admin.runPermission == Self.run)
        }
    }

    @Test func aManifestEntryThatIsNotAScriptIsSkippedAndCounted() async throws {
        let exported = try await Self.export()
        defer { try? FileManager.default.removeItem(atPath: exported) }
        let path = exported + "/" + ExportManifest.fileName
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
        var manifest = try #require(try JSONValue(parsing: bytes).objectValue)
        manifest["scripts"] = [["name": "../escape.js", "code": "x", "versionHash": "c3"], "not an object"]
        #expect(FileManager.default.createFile(atPath: path, contents: Data(JSONValue.object(manifest).serializedString().utf8)))

        try await TestApplication.with(engine: .sqlite) { application in
            let (result, _) = try await ImportHarness.run(application, paths: [exported])

            #expect(result.summary.scriptsRestored == 0)
            #expect(result.summary.scriptsSkipped == 2)
            #expect(try await application.storage.scripts.scripts(applicationId: application.application.applicationId).isEmpty)
        }
    }
}
