import Foundation
import KumoMail
import KumoSeams
import KumoSeamsTestSupport
import Testing

/// `FileMailTransport`: one complete `.eml` per message, readable back.
@Suite struct FileMailTransportTests {
    func withDirectory<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-mail-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory)
    }

    let message = MailMessage(from: "no-reply@localhost", to: "hanako@example.com", subject: "確認 / Confirm", body: "こんにちは\nhello\n")

    @Test func writesOneEmlFileThatParsesBackToTheMessage() async throws {
        try await withDirectory { directory in
            let transport = FileMailTransport(directory: directory.appendingPathComponent("mail"), clock: TestClock())
            try await transport.send(message)

            let names = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("mail").path)
            #expect(names.count == 1)
            let name = try #require(names.first)
            #expect(name.hasPrefix("20090213T233130.000Z-") && name.hasSuffix(".eml"))
            let text = try String(contentsOf: directory.appendingPathComponent("mail/\(name)"), encoding: .utf8)
            let mail = try #require(ParsedMail(text))
            #expect(mail.headers["to"] == "hanako@example.com")
            #expect(mail.headers["date"] == "Fri, 13 Feb 2009 23:31:30 +0000")
            #expect(mail.subject == "確認 / Confirm")
            #expect(mail.body == "こんにちは\nhello\n\n")
            #expect(text.contains("\r\n"))
        }
    }

    @Test func leavesNoTemporaryFilesBehind() async throws {
        try await withDirectory { directory in
            let transport = FileMailTransport(directory: directory)
            for _ in 0..<3 { try await transport.send(message) }

            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(names.count == 3)
            #expect(names.allSatisfy { $0.hasSuffix(".eml") && !$0.hasPrefix(".") })
        }
    }

    @Test func failsWhenTheDirectoryCannotBeCreated() async throws {
        try await withDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let blocker = directory.appendingPathComponent("blocker")
            try Data("a file, not a directory".utf8).write(to: blocker)
            let transport = FileMailTransport(directory: blocker.appendingPathComponent("mail"))

            await #expect(throws: (any Error).self) { try await transport.send(message) }
        }
    }
}
