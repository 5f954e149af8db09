import Foundation
import Testing

/// `kumo import --send-password-reset`: imported users without a usable password who have a mail address get a
/// password-reset mail through the configured transport (here the file transport), and the summary says so.
@Suite struct ImportPasswordResetTests {
    @Test func importedUsersWithAMailAddressGetOneResetMailEachAndTheSummarySaysSo() throws {
        let server = try KumoProcess()
        defer { server.removeData() }
        try server.createApplication()
        let data = server.dataDirectory.path
        let export = server.dataDirectory.appendingPathComponent("export")
        try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
        // Two users with a mail address and an NCMB-encrypted password, one signed in through authData only.
        try Data(
            #"""
            {"results":[
            {"objectId":"userAlice000001","userName":"alice","mailAddress":"alice@example.com","password":"$2a$10$encryptedByNcmb","acl":{"*":{"read":true}}},
            {"objectId":"userCarol000002","userName":"carol","mailAddress":"carol@example.com","acl":{"*":{"read":true}}},
            {"objectId":"userAnon0000003","userName":"anon","authData":{"anonymous":{"id":"3F1C5E1E-0000-4000-8000-000000000003"}},"acl":{}}
            ]}
            """#.utf8
        ).write(to: export.appendingPathComponent("user.json"))
        let mail = server.dataDirectory.appendingPathComponent("mail")

        let imported = try ImportCommandTests.run([
            "import", export.path, "--data-dir", data, "--report", data + "/report.jsonl", "--progress", "none",
            "--send-password-reset", "--mail-transport", "file", "--mail-directory", mail.path, "--public-url", "https://kumo.example.com",
        ])

        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.contains("users without a usable password: 3"), "\(imported.output)")
        #expect(imported.output.contains("2 have a mail address"), "\(imported.output)")
        #expect(imported.output.contains("reset mails sent: 2"), "\(imported.output)")
        let names = try FileManager.default.contentsOfDirectory(atPath: mail.path).filter { $0.hasSuffix(".eml") }
        #expect(names.count == 2)
        let recipients = try names.map { name -> String in
            let text = try String(contentsOf: mail.appendingPathComponent(name), encoding: .utf8)
            let line = text.components(separatedBy: "\r\n").first { $0.hasPrefix("To: ") }
            return line.map { String($0.dropFirst(4)) } ?? ""
        }
        #expect(recipients.sorted() == ["alice@example.com", "carol@example.com"])

        // A second run imports nobody new and mails nobody again.
        let again = try ImportCommandTests.run([
            "import", export.path, "--data-dir", data, "--report", data + "/report2.jsonl", "--progress", "none",
            "--send-password-reset", "--mail-transport", "file", "--mail-directory", mail.path,
        ])
        #expect(again.status == 0, "\(again.error)")
        #expect(!again.output.contains("reset mails sent"), "\(again.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: mail.path).filter { $0.hasSuffix(".eml") }.count == 2)
    }

    @Test func sendPasswordResetIsRefusedInADryRun() throws {
        let result = try ImportCommandTests.run(["import", "/nonexistent", "--dry-run", "--send-password-reset"])

        #expect(result.status != 0)
        #expect(result.error.contains("--send-password-reset sends nothing in a --dry-run"))
    }
}
