import Foundation
import KumoTestSupport
import NIOHTTP1
import Testing

/// Moving an application from SQLite to PostgreSQL with `kumo export --include-secrets` and `kumo import --create-app`
/// as an operator runs them (docs/migrating-from-ncmb.md#moving-between-engines,
/// docs/decisions/0146-engine-moves-carry-secrets.md): users log in with their old passwords and requests signed
/// with the old client key are accepted; without secrets the new client key is said loudly.
@Suite(.serialized, .timeLimit(.minutes(3))) struct EngineMoveEndToEndTests {
    @Test(.enabled(if: TestDatabase.runsPostgres, TestDatabase.skipReason))
    func anExportWithSecretsMovesToPostgreSQLWithEveryPasswordAndTheClientKey() async throws {
        let source = try KumoProcess()
        defer { source.removeData() }
        try source.createApplication()
        try source.start()
        let signUp = try await source.send(.POST, "/2013-09-01/users", body: #"{"userName":"mover","password":"Old-Pw-31"}"#)
        #expect(source.stop() == 0)
        let export = source.dataDirectory.appendingPathComponent("move").path
        let exported = try ImportCommandTests.run(["export", "--include-secrets", "--out", export, "--data-dir", source.dataDirectory.path])

        #expect(signUp.status == 201, "\(signUp.body)")
        #expect(exported.status == 0, "\(exported.error)")
        #expect(exported.error.contains("holds secrets"))
        #expect(exported.output.contains("password hashes: 1 users"))

        try await TestDatabase.withScratchDatabase { configuration in
            let url = TestDatabase.url(of: configuration)
            let report = source.dataDirectory.appendingPathComponent("report.jsonl").path
            let imported = try ImportCommandTests.run([
                "import", export, "--app", "e2e", "--create-app", "--database", url, "--report", report,
            ])
            let target = try KumoProcess()
            defer { target.removeData() }
            try target.start(extraArguments: ["--database", url])
            defer { target.stop() }
            // KumoProcess signs with the source's application and client keys.
            let login = try await target.send(.POST, "/2013-09-01/login", body: #"{"userName":"mover","password":"Old-Pw-31"}"#)
            let wrong = try await target.send(.POST, "/2013-09-01/login", body: #"{"userName":"mover","password":"not-it"}"#)

            #expect(imported.status == 0, "\(imported.error)")
            #expect(imported.output.contains("passwords restored: 1"), "\(imported.output)")
            #expect(!imported.output.contains("NCMB exports passwords encrypted"))
            #expect(!imported.error.contains("NEW client key"))
            #expect(login.status == 200, "\(login.body)")
            #expect(login.body.contains(#""userName":"mover""#))
            #expect(wrong.status == 401)
        }
    }

    @Test func anExportWithoutSecretsSaysLoudlyThatANewClientKeyWasMade() throws {
        let source = try KumoProcess()
        defer { source.removeData() }
        try source.createApplication()
        let export = source.dataDirectory.appendingPathComponent("plain").path
        let target = source.dataDirectory.appendingPathComponent("target").path
        let report = source.dataDirectory.appendingPathComponent("report.jsonl").path
        let exported = try ImportCommandTests.run(["export", "--out", export, "--data-dir", source.dataDirectory.path])
        let imported = try ImportCommandTests.run([
            "import", export, "--app", "e2e", "--create-app", "--data-dir", target, "--report", report,
        ])
        let reportText = try String(contentsOfFile: report, encoding: .utf8)

        #expect(exported.status == 0, "\(exported.error)")
        #expect(!exported.error.contains("holds secrets"))
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.error.contains("warning: a NEW client key was made for e2e"), "\(imported.error)")
        #expect(imported.error.contains("--client-key OLD_CLIENT_KEY"))
        #expect(imported.output.contains("warning: a NEW client key was made for e2e"))
        #expect(reportText.contains("a NEW client key was made for e2e"))
    }
}
