import Foundation
import KumoImport
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// A Kumo export carries the indexes of its classes and an import builds them again
/// (docs/decisions/0074-indexes-on-user-fields.md).
@Suite struct ExportIndexesTests {
    static let score = IndexedField(FieldName(constant: "score"), .number)
    static let owner = IndexedField(FieldName(constant: "owner"), .pointer)

    /// An export of an application with one object of GameScore and a two-field index on it, kept beyond its test.
    static func export() async throws -> String {
        try await TestApplication.with(engine: .sqlite) { application in
            let applicationId = application.application.applicationId
            let now = WireDate(millisecondsSince1970: 1_700_000_000_000)
            let className = ClassName(constant: "GameScore")
            _ = try await application.storage.objects.create(
                NewObject(
                    key: ObjectKey(applicationId: applicationId, className: className, objectId: "score1"), createDate: now,
                    operations: [(FieldName(constant: "score"), .set(.integer(10)))], acl: .publicReadWrite))
            _ = try await application.storage.indexes.create(
                ClassIndex(applicationId: applicationId, className: className, fields: [owner, score], createDate: now))
            let directory = try await ImportHarness.export(application)
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-export-\(UUID().uuidString)").path
            try FileManager.default.moveItem(atPath: directory, toPath: kept)
            return kept
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anImportBuildsTheExportedIndexes(_ engine: StorageEngine) async throws {
        let exported = try await Self.export()
        defer { try? FileManager.default.removeItem(atPath: exported) }
        let manifest = try ExportManifest.read(path: exported + "/" + ExportManifest.fileName)
        #expect(manifest.indexes.arrayValue?.count == 1)

        try await TestApplication.with(engine: engine) { application in
            let (result, report) = try await ImportHarness.run(application, paths: [exported])
            let indexes = try await application.storage.indexes.indexes(applicationId: application.application.applicationId, className: nil)

            #expect(await report.failures.isEmpty)
            #expect(result.summary.indexesRestored == 1 && result.summary.indexesSkipped == 0)
            #expect(indexes.map(\.fields) == [[Self.owner, Self.score]])
            #expect(indexes.map(\.className.rawValue) == ["GameScore"])
        }
    }

    @Test func aManifestEntryThatIsNotAnIndexIsSkippedAndCounted() async throws {
        let exported = try await Self.export()
        defer { try? FileManager.default.removeItem(atPath: exported) }
        let path = exported + "/" + ExportManifest.fileName
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
        var manifest = try #require(try JSONValue(parsing: bytes).objectValue)
        manifest["indexes"] = [
            ["className": "GameScore", "fields": [["field": "score", "kind": "color"]]],
            ["className": "GameScore", "fields": [["field": "createDate", "kind": "date"]]], "not an object",
        ]
        #expect(FileManager.default.createFile(atPath: path, contents: Data(JSONValue.object(manifest).serializedString().utf8)))

        try await TestApplication.with(engine: .sqlite) { application in
            let (result, _) = try await ImportHarness.run(application, paths: [exported])
            let indexes = try await application.storage.indexes.indexes(applicationId: application.application.applicationId, className: nil)

            #expect(result.summary.indexesRestored == 0)
            #expect(result.summary.indexesSkipped == 3)
            #expect(indexes.isEmpty)
        }
    }
}
