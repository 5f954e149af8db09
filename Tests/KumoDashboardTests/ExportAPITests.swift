import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoImportJobs
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `GET /apps/{app}/export` (docs/dashboard.md#import-and-export): the folder `kumo export` writes as a tar, read back
/// here and imported into a second application through the dashboard's own import jobs.
@Suite struct ExportAPITests {
    static func object(_ response: TestResponse) -> JSONObject { response.json?.objectValue ?? [:] }

    @Test func theExportIsATarOfTheKumoExportFolderThatImportsBackIntoAnotherApplication() async throws {
        try await ImportAPITests.with { harness, session, jobs in
            try await session.change(.post, "/dashboard/api/apps/test/classes/GameScore/objects", body: #"{"score":7,"name":"ア"}"#)
            try await session.change(.post, "/dashboard/api/apps/test/classes/GameScore/objects", body: #"{"score":8}"#)
            let longClass = "L" + String(repeating: "x", count: 98)
            try await session.change(.post, "/dashboard/api/apps/test/classes/\(longClass)/objects", body: #"{"a":1}"#)
            try await session.change(.post, "/dashboard/api/apps", body: #"{"name":"second"}"#)

            let download = try await session.send(.get, "/dashboard/api/apps/test/export")

            #expect(download.status == .ok)
            #expect(download.headers[.contentType] == "application/x-tar")
            #expect(download.headers[.contentDisposition]?.contains(#"filename="test-export.tar""#) == true)
            #expect(download.headers[.contentLength] == String(download.bytes.count))
            let entries = try TarReader.entries(download.bytes)
            let names = entries.map(\.name)
            #expect(names.first == "test-export/")
            #expect(names.contains("test-export/manifest.json") && names.contains("test-export/GameScore.json"))
            #expect(names.contains("test-export/\(longClass).json"), "\(names)")
            let manifest = try JSONValue(parsing: try #require(entries.first { $0.name == "test-export/manifest.json" }).bytes)
            #expect(manifest.objectValue?["format"] == "kumo-export")
            #expect(manifest.objectValue?["withheld"]?.arrayValue?.contains("clientKey") == true)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: harness.server.directory.appendingPathComponent("work/exports").path)
                    .isEmpty)
            let export = try #require(try await audited(harness, "application.export").first)
            #expect(export.target == "TestApplicationId" && export.detail["includeSecrets"] == false)

            let files = entries.compactMap { entry -> (String, [UInt8])? in
                guard !entry.name.hasSuffix("/") else { return nil }
                return (String(entry.name.dropFirst("test-export/".count)), entry.bytes)
            }
            let created = try await session.change(.post, "/dashboard/api/apps/second/imports")
            let id = try #require(Self.object(created)["id"]?.stringValue)
            for (name, bytes) in files {
                let uploaded = try await session.putBytes(
                    "/dashboard/api/apps/second/imports/\(id)/exports/\(PercentEncoding.encode(name))", bytes: bytes)
                #expect(uploaded.status == .created, "\(name): \(uploaded.text)")
            }
            try await session.change(.post, "/dashboard/api/apps/second/imports/\(id)/start")
            await jobs.ended(id)
            let original = try await session.send(.get, "/dashboard/api/apps/test/classes/GameScore/objects?order=objectId")
            let copied = try await session.send(.get, "/dashboard/api/apps/second/classes/GameScore/objects?order=objectId")

            #expect(Self.object(copied)["results"]?.arrayValue?.count == 2)
            #expect(Self.object(copied)["results"] == Self.object(original)["results"])
        }
    }

    @Test func onlyTheNamedClassesAreExportedAndBadParametersAreRefused() async throws {
        try await ImportAPITests.with { harness, session, _ in
            try await session.change(.post, "/dashboard/api/apps/test/classes/GameScore/objects", body: #"{"score":7}"#)
            try await session.change(.post, "/dashboard/api/apps/test/classes/Stage/objects", body: #"{"n":1}"#)

            let some = try await session.send(.get, "/dashboard/api/apps/test/export?classes=Stage&includeSecrets=1")
            let unknown = try await session.send(.get, "/dashboard/api/apps/test/export?classes=Nope")
            let malformed = try await session.send(.get, "/dashboard/api/apps/test/export?classes=a%20b")
            let badSecrets = try await session.send(.get, "/dashboard/api/apps/test/export?includeSecrets=maybe")
            let missing = try await session.send(.get, "/dashboard/api/apps/nope/export")

            let names = try TarReader.entries(some.bytes).map(\.name)
            #expect(names.contains("test-export/Stage.json") && !names.contains("test-export/GameScore.json"))
            #expect(Self.object(unknown)["field"] == "classes" && unknown.status == .badRequest)
            #expect(Self.object(unknown)["error"] == "classes names classes the application does not have: Nope.")
            #expect(Self.object(malformed)["field"] == "classes")
            #expect(Self.object(badSecrets)["field"] == "includeSecrets")
            #expect(missing.status == .notFound)
            #expect(try await audited(harness, "application.export").first?.detail == ["classes": ["Stage"], "includeSecrets": true])
        }
    }

    @Test func anExportThatCannotBeWrittenAnswers500ExportFailedAndGivesItsPlaceBack() async throws {
        try await ImportAPITests.with { harness, session, _ in
            let work = harness.server.directory.appendingPathComponent("work")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            try Data("a file where the exports folder goes".utf8).write(to: work.appendingPathComponent("exports"))
            let exports = try #require(harness.environment.operations.exports)

            let failed = try await session.send(.get, "/dashboard/api/apps/test/export")

            #expect(failed.status == .internalServerError)
            #expect(Self.object(failed) == ["code": "exportFailed", "error": "The export could not be written; see the server log."])
            #expect(exports.inProgress == 0)
            #expect(try await audited(harness, "application.export").isEmpty)
        }
    }

    @Test func withoutASessionThereIsNoExport() async throws {
        try await DashboardHarness.with { _, session in
            let anonymous = try await session.send(.get, "/dashboard/api/apps/test/export")
            #expect(anonymous.status == .unauthorized)
        }
    }
}

/// Reads the tar the export writes: ustar headers, pax `path` records, contents padded to 512 bytes.
enum TarReader {
    struct Entry {
        var name: String
        var bytes: [UInt8]
    }

    struct Malformed: Error {}

    static func entries(_ archive: [UInt8]) throws -> [Entry] {
        var entries: [Entry] = []
        var offset = 0
        var paxPath: String?
        while offset + 512 <= archive.count {
            let header = Array(archive[offset..<(offset + 512)])
            if header.allSatisfy({ $0 == 0 }) { break }
            let stored = header[148..<156].prefix { $0 != 0 && $0 != 32 }
            let sum = header.enumerated().reduce(0) { total, item in total + ((148..<156).contains(item.offset) ? 32 : Int(item.element)) }
            guard Int(String(decoding: stored, as: UTF8.self), radix: 8) == sum, Array(header[257..<262]) == Array("ustar".utf8) else {
                throw Malformed()
            }
            func text(_ range: Range<Int>) -> String { String(decoding: header[range].prefix { $0 != 0 }, as: UTF8.self) }
            guard let size = Int(text(124..<136), radix: 8) else { throw Malformed() }
            let content = Array(archive[(offset + 512)..<(offset + 512 + size)])
            offset += 512 + (size + 511) / 512 * 512
            let prefix = text(345..<500)
            let name = prefix.isEmpty ? text(0..<100) : prefix + "/" + text(0..<100)
            if header[156] == UInt8(ascii: "x") {
                for record in String(decoding: content, as: UTF8.self).split(separator: "\n") {
                    if let range = record.range(of: " path=") { paxPath = String(record[range.upperBound...]) }
                }
                continue
            }
            entries.append(Entry(name: paxPath ?? name, bytes: content))
            paxPath = nil
        }
        return entries
    }
}
