import Foundation
import KumoImport
import KumoImportJobs
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// An export as a tar stream (``ExportDownloads/export(_:classes:includesSecrets:storage:name:now:)``,
/// docs/decisions/0088-dashboard-export-as-a-streamed-tar.md): the archive's length is what it writes, its entries sit
/// under `<application>-export/`, and ending it removes its folder and gives its place back.
@Suite struct ExportTarTests {
    /// The names of a ustar stream's entries (ustar `prefix` and `name`, or a pax `path` record), in order.
    static func entryNames(_ archive: [UInt8]) -> [String] {
        var names: [String] = []
        var offset = 0
        var paxPath: String?
        func field(_ start: Int, _ width: Int) -> String {
            String(decoding: archive[offset + start..<offset + start + width].prefix { $0 != 0 }, as: UTF8.self)
        }
        while offset + 512 <= archive.count, archive[offset] != 0 {
            let size = Int(field(124, 12), radix: 8) ?? 0
            let type = field(156, 1)
            let body = offset + 512
            if type == "x" {
                let record = String(decoding: archive[body..<body + size], as: UTF8.self)
                paxPath = record.components(separatedBy: "path=").last?.trimmingCharacters(in: .newlines)
            } else {
                let prefix = field(345, 155)
                names.append(paxPath ?? (prefix.isEmpty ? field(0, 100) : prefix + "/" + field(0, 100)))
                paxPath = nil
            }
            offset = body + (size + 511) / 512 * 512
        }
        return names
    }

    /// The modes of a ustar stream's entries other than pax records, in order.
    static func entryModes(_ archive: [UInt8]) -> [String] {
        var modes: [String] = []
        var offset = 0
        while offset + 512 <= archive.count, archive[offset] != 0 {
            let header = archive[offset..<offset + 512]
            func field(_ start: Int, _ width: Int) -> String {
                String(decoding: header.dropFirst(start).prefix(width).prefix { $0 != 0 }, as: UTF8.self)
            }
            let size = Int(field(124, 12), radix: 8) ?? 0
            if field(156, 1) != "x" { modes.append(field(100, 8)) }
            offset += 512 + (size + 511) / 512 * 512
        }
        return modes
    }

    /// The archive `body` gives, or its refusal.
    static func attempt(
        _ body: () async throws(ExportDownloads.Refusal) -> ExportArchive
    ) async -> Result<ExportArchive, ExportDownloads.Refusal> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }

    // MARK: Tests

    @Test func anExportStreamsItsFolderAsATarOfTheLengthItAnnounced() async throws {
        try await TestApplication.with { server in
            let directory = server.directory.appendingPathComponent("exports")
            let downloads = ExportDownloads(directory: directory, limit: 1)
            let application = server.application

            let archive = try await downloads.export(
                application, classes: nil, includesSecrets: false, storage: server.storage, name: "export-1", now: server.clock.now())
            let second = await Self.attempt { () async throws(ExportDownloads.Refusal) -> ExportArchive in
                try await downloads.export(
                    application, classes: nil, includesSecrets: false, storage: server.storage, name: "export-2", now: server.clock.now())
            }
            var bytes: [UInt8] = []
            try await archive.write { bytes += $0 }
            await archive.end()

            guard case .failure(.busy(limit: 1)) = second else {
                Issue.record("a second export while one is in progress was not refused as busy")
                return
            }
            #expect(archive.fileName == "test-export.tar")
            #expect(Int64(bytes.count) == archive.length && bytes.count % 512 == 0)
            let names = Self.entryNames(bytes)
            #expect(names.first == "test-export/")
            #expect(names.contains("test-export/manifest.json"))
            // Private once unpacked: the export holds the application's users (and, with secrets, its keys).
            #expect(Set(Self.entryModes(bytes)) == ["0000700", "0000600"])
            #expect(downloads.inProgress == 0)
            #expect((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] == [])
        }
    }

    @Test func classesTheApplicationLacksAreNamedAndLeaveNothing() async throws {
        try await TestApplication.with { server in
            let directory = server.directory.appendingPathComponent("exports")
            let downloads = ExportDownloads(directory: directory)
            let missing = try #require(ClassName("Missing"))

            let result = await Self.attempt { () async throws(ExportDownloads.Refusal) -> ExportArchive in
                try await downloads.export(
                    server.application, classes: [missing], includesSecrets: false, storage: server.storage, name: "export-1",
                    now: server.clock.now())
            }

            guard case .failure(.missingClasses(let classes)) = result else {
                Issue.record("an export of a missing class was not refused")
                return
            }
            #expect(classes == [missing])
            #expect(downloads.inProgress == 0)
            #expect((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] == [])
        }
    }
}
