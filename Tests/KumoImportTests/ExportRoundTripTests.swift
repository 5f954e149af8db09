import Foundation
import KumoImport
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Export → import into an empty database on either engine → every object answers GET with the same bytes
/// (docs/decisions/0060-export-format.md).
@Suite struct ExportRoundTripTests {
    @Test(arguments: TestDatabase.engines)
    func anExportImportedIntoAnEmptyDatabaseAnswersEveryGetWithTheSameBytes(_ engine: StorageEngine) async throws {
        let (exported, before) = try await TestApplication.with(engine: .sqlite) { application in
            _ = try await ImportHarness.run(application, paths: [try ImportHarness.fixtures()])
            let bodies = try await application.test { requester in
                try await ImportHarness.fixtureBodies(requester, session: try await ImportHarness.anonymousSession(requester))
            }
            let directory = try await ImportHarness.export(application)
            // Keep the export beyond the test application's directory.
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-export-\(UUID().uuidString)").path
            try FileManager.default.moveItem(atPath: directory, toPath: kept)
            return (kept, bodies)
        }
        defer { try? FileManager.default.removeItem(atPath: exported) }

        try await TestApplication.with(engine: engine) { application in
            let (result, report) = try await ImportHarness.run(application, paths: [exported])
            #expect(result.summary.total.failed == 0)
            #expect(await report.failures.isEmpty)
            let after = try await application.test { requester in
                try await ImportHarness.fixtureBodies(requester, session: try await ImportHarness.anonymousSession(requester))
            }
            #expect(after.count == 10)
            for (target, body) in before {
                #expect(after[target] == body, "\(target)")
            }
            // A second export of the imported data holds the same bytes, class by class.
            let again = try await ImportHarness.export(application, name: "again")
            for file in ["user.json", "role.json", "installation.json", "push.json", "GameScore.json", "Stage.json", "relations/role.json",
                "relations/GameScore.json"]
            {
                let first = try Data(contentsOf: URL(fileURLWithPath: exported).appendingPathComponent(file))
                let second = try Data(contentsOf: URL(fileURLWithPath: again).appendingPathComponent(file))
                #expect(first == second, "\(file)")
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func theManifestDescribesClassesRelationsAndWithheldSecrets(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            _ = try await ImportHarness.run(application, paths: [try ImportHarness.fixtures()])
            let directory = try await ImportHarness.export(application)

            let manifest = try ExportManifest.read(path: directory + "/" + ExportManifest.fileName)
            let classes = Dictionary(uniqueKeysWithValues: manifest.classes.map { ($0.className.rawValue, $0.objects) })
            #expect(classes == ["user": 3, "role": 2, "installation": 2, "push": 1, "GameScore": 2, "Stage": 1])
            #expect(manifest.classes.first { $0.className == .role }?.relationMembers == 3)
            #expect(manifest.withheld.contains("clientKey"))
            #expect(manifest.application["clientKey"] == nil)
            #expect(manifest.scripts == .array([]))
        }
    }

    @Test func anExportRefusesAFolderThatIsNotEmpty() async throws {
        try await TestApplication.with(engine: .sqlite) { application in
            let folder = try ImportHarness.folder(application, ["keep.txt": "mine"])
            let exporter = Exporter(
                storage: application.storage, application: application.application, options: ExportOptions(outputDirectory: folder),
                now: application.clock.now())

            await #expect(throws: ExportError.self) { _ = try await exporter.run() }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["keep.txt"])
        }
    }
}
