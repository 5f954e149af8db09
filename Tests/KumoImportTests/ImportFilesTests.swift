import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoImport
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `kumo import --files DIR` (file objects with their bytes, and a folder of files by name) and the bytes `kumo export`
/// writes: a download after the round trip answers the original bytes (docs/decisions/0060-export-format.md).
@Suite struct ImportFilesTests {
    /// Bytes that are no text: every byte value, twice.
    static let photo = Data((0..<512).map { UInt8($0 % 256) })
    static let notes = Data("loose notes, named only by the folder\n".utf8)

    /// An NCMB export folder holding one `file.json` object and one GameScore, and a files folder holding the bytes
    /// of that file object plus a file no object names; returns (export folder, files folder).
    static func inputs(_ application: TestApplication) throws -> (export: String, files: String) {
        let export = try ImportHarness.folder(application, [
            "file.json": #"""
                {"results":[{"objectId":"fileObject00001","fileName":"photo.png","mimeType":"image/png","fileSize":512,
                "createDate":"2016-01-02T03:04:05.678Z","updateDate":"2016-01-02T03:04:05.678Z","acl":{"*":{"read":true,"write":true}}}]}
                """#,
            "GameScore.json": #"{"results":[{"objectId":"score0000000001","score":1,"acl":{"*":{"read":true}}}]}"#,
        ])
        let files = application.directory.appendingPathComponent("files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        try photo.write(to: files.appendingPathComponent("photo.png"))
        try notes.write(to: files.appendingPathComponent("notes.txt"))
        return (export, files.path)
    }

    /// The bytes a download of `fileName` answers.
    static func download(_ application: TestApplication, _ fileName: String) async throws -> Data {
        try await application.test { requester in
            let response = try await requester.send(.get, "/2013-09-01/files/\(fileName)")
            #expect(response.status == .ok, "\(fileName): \(response.text)")
            return Data(response.bytes)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func filesGivenWithFilesAreDownloadableWithTheirBytes(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            let (export, files) = try Self.inputs(application)
            let (result, report) = try await ImportHarness.run(application, paths: [export]) { $0.filesDirectory = files }

            #expect(await report.failures.isEmpty)
            #expect(result.summary.total.failed == 0)
            #expect(result.summary.filesWithBytes == 2)
            #expect(result.summary["file"].imported == 2)
            #expect(try await Self.download(application, "photo.png") == Self.photo)
            #expect(try await Self.download(application, "notes.txt") == Self.notes)
            let stored = try await ImportHarness.stored(application, .file)
            let byName = Dictionary(uniqueKeysWithValues: stored.map { ($0.fields["fileName"]?.stringValue ?? "", $0) })
            #expect(byName["photo.png"]?.objectId == "fileObject00001")
            #expect(byName["photo.png"]?.fields["fileSize"] == .integer(512))
            #expect(byName["photo.png"]?.createDate == WireDate(parsing: "2016-01-02T03:04:05.678Z"))
            #expect(byName["notes.txt"]?.fields["mimeType"] == .string("text/plain"))
            #expect(byName["notes.txt"]?.fields["fileSize"] == .integer(Int64(Self.notes.count)))

            // A second run skips both files and writes no second copy of their bytes.
            let (again, _) = try await ImportHarness.run(application, paths: [export]) { $0.filesDirectory = files }
            #expect(again.summary["file"].skipped == 2)
            #expect(again.summary.filesWithBytes == 0)
            #expect(try await ImportHarness.stored(application, .file).count == 2)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aFileObjectWhoseBytesAreMissingIsReportedAndNotWritten(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            let (export, _) = try Self.inputs(application)
            let empty = try ImportHarness.folder(application, [:])
            let (result, report) = try await ImportHarness.run(application, paths: [export]) { $0.filesDirectory = empty }

            #expect(result.summary["file"].failed == 1)
            #expect(await report.failures.map(\.objectId) == ["fileObject00001"])
            #expect(try await ImportHarness.stored(application, .file).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anExportWritesTheBytesAndImportingItElsewhereDownloadsTheSameBytes(_ engine: StorageEngine) async throws {
        let exported = try await TestApplication.with(engine: .sqlite) { application in
            let (export, files) = try Self.inputs(application)
            _ = try await ImportHarness.run(application, paths: [export]) { $0.filesDirectory = files }
            let directory = try await ImportHarness.export(application)
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-export-\(UUID().uuidString)").path
            try FileManager.default.moveItem(atPath: directory, toPath: kept)
            return kept
        }
        defer { try? FileManager.default.removeItem(atPath: exported) }
        let manifest = try ExportManifest.read(path: exported + "/" + ExportManifest.fileName)
        #expect(manifest.filesDirectory == "files")
        #expect(manifest.fileCount == 2)
        #expect(manifest.fileBytes == Int64(Self.photo.count + Self.notes.count))
        #expect(try Data(contentsOf: URL(fileURLWithPath: exported + "/files/photo.png")) == Self.photo)
        #expect(try Data(contentsOf: URL(fileURLWithPath: exported + "/files/notes.txt")) == Self.notes)
        #expect(!(try String(contentsOfFile: exported + "/file.json", encoding: .utf8)).contains("blobId"))

        try await TestApplication.with(engine: engine) { application in
            let (result, report) = try await ImportHarness.run(application, paths: [exported])

            #expect(await report.failures.isEmpty)
            #expect(result.summary.filesWithBytes == 2)
            #expect(try await Self.download(application, "photo.png") == Self.photo)
            #expect(try await Self.download(application, "notes.txt") == Self.notes)
            let stored = try await ImportHarness.stored(application, .file)
            #expect(stored.contains { $0.objectId == "fileObject00001" })
        }
    }
}
