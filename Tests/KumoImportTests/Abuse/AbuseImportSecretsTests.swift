import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoImport
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// An export with secrets (docs/decisions/0146-engine-moves-carry-secrets.md): password hashes carried and restored
/// on either engine, and the export as hostile input: hashes that are not Kumo's are refused with a report line and
/// never stored, and a malformed, oversized or mismatched passwords file stops the import before anything is written.
@Suite struct AbuseImportSecretsTests {
    /// `POST /login`'s status for `userName` and `password`.
    static func login(_ application: TestApplication, _ userName: String, _ password: String) async throws -> Int {
        try await application.test { requester in
            let body: JSONValue = ["userName": .string(userName), "password": .string(password)]
            return Int(try await requester.send(.post, "/2013-09-01/login", body: body.serializedString()).status.code)
        }
    }

    /// An export folder of users `names` (objectIds `user0`, `user1`…) with `passwords.json` entries `entries`.
    static func secretsExport(_ application: TestApplication, names: [String], entries: [String], passwordEntries: Int? = nil) throws
        -> String
    {
        let users = names.enumerated().map { index, name in
            #"{"objectId":"user\#(index)","createDate":"2026-01-01T00:00:00.000Z","updateDate":"2026-01-01T00:00:00.000Z","userName":"\#(name)"}"#
        }
        let manifest = """
            {"format":"kumo-export","version":1,"application":{"name":"x","applicationId":"x","applicationKey":"k"},"withheld":[],
             "classes":[{"name":"user","file":"user.json","objects":\(names.count)}],"files":null,"scripts":null,"indexes":null,
             "passwords":{"file":"secrets/passwords.json","entries":\(passwordEntries ?? entries.count)}}
            """
        let directory = try ImportHarness.folder(
            application,
            [
                "manifest.json": manifest, "user.json": #"{"results":["# + users.joined(separator: ",") + "]}",
            ])
        let secrets = URL(fileURLWithPath: directory).appendingPathComponent("secrets")
        try FileManager.default.createDirectory(at: secrets, withIntermediateDirectories: true)
        try Data((#"{"results":["# + entries.joined(separator: ",") + "]}").utf8).write(
            to: secrets.appendingPathComponent("passwords.json"))
        return directory
    }

    static func entry(_ objectId: String, _ hash: String) -> String {
        JSONValue.object(["objectId": .string(objectId), "passwordHash": .string(hash)]).serializedString()
    }

    @Test(arguments: TestDatabase.engines)
    func anExportWithSecretsKeepsEveryPasswordOnEitherEngine(_ engine: StorageEngine) async throws {
        let exported = try await TestApplication.with(engine: .sqlite) { application in
            let created = try await application.test { requester in
                try await requester.send(.post, "/2013-09-01/users", body: #"{"userName":"alice","password":"old-Pw-1"}"#)
            }
            #expect(created.status.code == 201, "\(created.text)")
            let directory = application.directory.appendingPathComponent("export").path
            var options = ExportOptions(outputDirectory: directory)
            options.includesSecrets = true
            let manifest = try await Exporter(
                storage: application.storage, application: application.application, options: options, now: application.clock.now()
            ).run()
            #expect(manifest.passwordsFile == "secrets/passwords.json" && manifest.passwordEntries == 1)
            let attributes = { (path: String) in
                (try? FileManager.default.attributesOfItem(atPath: directory + path)[.posixPermissions] as? Int) ?? -1
            }
            #expect(attributes("") == 0o700)
            #expect(attributes("/manifest.json") == 0o600)
            #expect(attributes("/secrets/passwords.json") == 0o600)
            #expect(attributes("/user.json") == 0o600)
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-secrets-\(UUID().uuidString)").path
            try FileManager.default.moveItem(atPath: directory, toPath: kept)
            return kept
        }
        defer { try? FileManager.default.removeItem(atPath: exported) }

        try await TestApplication.with(engine: engine) { application in
            let (result, report) = try await ImportHarness.run(application, paths: [exported])

            #expect(result.summary.passwordsRestored == 1)
            #expect(result.summary.usersWithoutPassword == 0)
            #expect(result.passwordResetCandidates.isEmpty)
            #expect(await report.failures.isEmpty)
            #expect(try await Self.login(application, "alice", "old-Pw-1") == 200)
            #expect(try await Self.login(application, "alice", "wrong") == 401)
        }
    }

    @Test func hashesThatAreNotKumosAreRefusedWithAReportLineAndNeverStored() async throws {
        try await TestApplication.with { application in
            let good = try await testPasswordHasher().hash("good-Pw-1")
            let lookalike = "$2b$04$" + String(repeating: "!", count: 53)
            let directory = try Self.secretsExport(
                application, names: ["good", "plain", "lookalike", "md5", "other", "none"],
                entries: [
                    Self.entry("user0", good), Self.entry("user1", "hunter2"), Self.entry("user2", lookalike),
                    Self.entry("user3", "5f4dcc3b5aa765d61d8327deb882cf99"), Self.entry("user0", good),
                    #"{"objectId":"user5","passwordHash":null}"#,
                ])

            let (result, report) = try await ImportHarness.run(application, paths: [directory])
            let failures = await report.failures

            #expect(result.summary["user"].imported == 6)
            #expect(result.summary.passwordsRestored == 1)
            #expect(result.summary.passwordsRefused == 4)
            #expect(result.summary.usersWithoutPassword == 5)
            #expect(failures.map(\.objectId) == ["user1", "user2", "user3", "user4"])
            #expect(failures.allSatisfy { $0.reason.hasPrefix("password hash refused") && $0.file.hasSuffix("secrets/passwords.json") })
            #expect(try await Self.login(application, "good", "good-Pw-1") == 200)
            #expect(try await Self.login(application, "plain", "hunter2") == 401)
            #expect(try await Self.login(application, "other", "good-Pw-1") == 401)
            #expect(try await Self.login(application, "lookalike", lookalike) == 401)
        }
    }

    @Test func aMalformedOversizedOrMismatchedPasswordsFileWritesNothing() async throws {
        try await TestApplication.with { application in
            let oversized = Self.entry("user0", String(repeating: "a", count: 70_000))
            let cases: [(entries: [String], declared: Int?, message: String)] = [
                ([#"{"objectId":"user0","passwordHash":"#], nil, "passwords.json"),
                ([oversized], nil, "larger than 64 KiB"),
                ([Self.entry("user0", "x"), Self.entry("user1", "x")], 2, "holds 2 entries for 1 users"),
            ]
            for (entries, declared, message) in cases {
                let directory = try Self.secretsExport(application, names: ["solo"], entries: entries, passwordEntries: declared)
                let error = await #expect(throws: ImportError.self) {
                    _ = try await ImportHarness.run(application, paths: [directory])
                }
                #expect(error?.description.contains(message) == true, "\(String(describing: error))")
                #expect(try await ImportHarness.stored(application, .user).isEmpty)
            }
        }
    }

    @Test func kumosHashFormatIsRecognisedExactly() async throws {
        let hash = try await testPasswordHasher().hash("x")
        #expect(PasswordHashEntry.isKumoHash(hash))
        #expect(!PasswordHashEntry.isKumoHash(hash + "a"))
        #expect(!PasswordHashEntry.isKumoHash("$2b$03$" + hash.dropFirst(7)))
        #expect(!PasswordHashEntry.isKumoHash("$2b$32$" + hash.dropFirst(7)))
        #expect(!PasswordHashEntry.isKumoHash("$1$" + hash.dropFirst(3)))
        #expect(!PasswordHashEntry.isKumoHash(""))
    }
}
