import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoSeams
import KumoTestSupport
import NCMBWire
import Testing

/// The export read by the system's `tar` (GNU tar in `.ci/run`'s image), beside the test's own reader in
/// ``ExportAPITests``: the archive lists and unpacks with long names (ustar prefixes and pax `path` records), non-ASCII
/// names and contents not a multiple of 512 bytes (docs/decisions/0088-dashboard-export-as-a-streamed-tar.md).
@Suite struct ExportSystemTarTests {
    static let tarPath = "/usr/bin/tar"

    /// Whether `tar` can run: it is installed, or CI runs the test (and fails without it, never skips).
    static let isUsable = FileManager.default.isExecutableFile(atPath: tarPath) || ProcessInfo.processInfo.environment["CI"] != nil

    /// Runs `tar` with `arguments` (absolute paths); returns its exit status, standard output and standard error.
    static func tar(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        try await offTheCooperativePool {
            let process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: tarPath)
            process.arguments = arguments
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let written = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, written, log)
        }
    }

    // MARK: Tests

    @Test(.enabled(if: isUsable, "needs tar at /usr/bin/tar (always runs under CI)"))
    func theSystemTarListsAndUnpacksTheExportAsTheTestsReaderReadsIt() async throws {
        try await ImportAPITests.with { harness, session, _ in
            let prefixedClass = "P" + String(repeating: "x", count: 98)
            let longFile = String(repeating: "f", count: 180) + ".bin"
            try await session.change(.post, "/dashboard/api/apps/test/classes/GameScore/objects", body: #"{"score":7,"name":"ア"}"#)
            try await session.change(.post, "/dashboard/api/apps/test/classes/\(prefixedClass)/objects", body: #"{"a":1}"#)
            let odd = [UInt8]((0..<700).map { UInt8($0 % 251) })
            for (name, bytes) in [("写真.txt", odd), (longFile, [UInt8](repeating: 1, count: 513))] {
                let uploaded = try await session.upload(
                    "/dashboard/api/apps/test/files/\(PercentEncoding.encode(name))", bytes: bytes, contentType: "text/plain")
                try #require(uploaded.status == .created, "\(uploaded.text)")
            }
            let download = try await session.send(.get, "/dashboard/api/apps/test/export?classes=GameScore,\(prefixedClass),files")
            let entries = try TarReader.entries(download.bytes)
            let folder = harness.server.directory.appendingPathComponent("system-tar")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
            try Data(download.bytes).write(to: folder.appendingPathComponent("export.tar"))

            let archive = folder.appendingPathComponent("export.tar").path
            let listed = try await Self.tar(["-tf", archive])
            let unpacked = try await Self.tar(["-xf", archive, "-C", folder.appendingPathComponent("out").path])

            #expect(listed.status == 0 && listed.errors == "", "\(listed.errors)")
            #expect(listed.output.split(separator: "\n").map(String.init) == entries.map(\.name))
            #expect(entries.map(\.name).contains("test-export/\(prefixedClass).json"))
            #expect(entries.map(\.name).contains("test-export/files/\(longFile)") && entries.map(\.name).contains("test-export/files/写真.txt"))
            #expect(unpacked.status == 0 && unpacked.errors == "", "\(unpacked.errors)")
            for entry in entries where !entry.name.hasSuffix("/") {
                let file = folder.appendingPathComponent("out").appendingPathComponent(entry.name)
                #expect(Array(try Data(contentsOf: file)) == entry.bytes, "\(entry.name)")
            }
            #expect(Array(try Data(contentsOf: folder.appendingPathComponent("out/test-export/files/写真.txt"))) == odd)
        }
    }
}
