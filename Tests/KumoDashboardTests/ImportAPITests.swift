import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoImportJobs
import KumoStorage
import KumoTestSupport
import Logging
import NCMBWire
import Testing

/// Import jobs of the dashboard (docs/dashboard.md#import-and-export): the hand-made NCMB export of the import tests
/// uploaded, imported in the background with progress, summary and report; a failing import; bad input.
@Suite struct ImportAPITests {
    static let imports = "/dashboard/api/apps/test/imports"
    static let fixtureNames = ["user.json", "role.json", "installation.json", "push.json", "GameScore.json", "Stage.json"]

    static func object(_ response: TestResponse) -> JSONObject { response.json?.objectValue ?? [:] }

    /// A file of the NCMB fixtures of `KumoImportTests`.
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("KumoImportTests/Fixtures/ncmb").appendingPathComponent(name)
        return Array(try Data(contentsOf: url))
    }

    /// A dashboard whose import jobs stage under the test's folder.
    static func with(
        limits: ImportJobs.Limits = ImportJobs.Limits(),
        _ body: @escaping @Sendable (DashboardHarness, DashboardClientSession, ImportJobs) async throws -> Void
    ) async throws {
        try await DashboardHarness.with(environment: { environment, server in
            environment.operations.imports = try ImportJobs(
                directory: server.directory.appendingPathComponent("imports"), limits: limits, storage: server.storage, clock: server.clock,
                identifiers: IncrementingIdentifiers(), logger: Logger(label: "kumo.test.imports"))
            environment.operations.workDirectory = server.directory.appendingPathComponent("work")
        }) { harness, session in
            try await session.signIn()
            try await body(harness, session, try #require(harness.environment.operations.imports))
        }
    }

    /// The committed blobs of the import jobs' namespace: staged files and reports.
    static func blobs(_ storage: any StorageBackend) async throws -> [String] {
        try await storage.blobs.committedBlobIds(
            applicationId: ImportJobs.blobNamespace, committedBefore: WireDate(millisecondsSince1970: Int64.max / 2), limit: 1000)
    }

    /// Creates a job, uploads the files, starts it and waits for its end; returns the ended job.
    static func run(
        _ session: DashboardClientSession, _ jobs: ImportJobs, files: [(String, [UInt8])], options: String = "{}"
    ) async throws -> JSONObject {
        let created = try await session.change(.post, imports, body: options)
        #expect(created.status == .created, "\(created.text)")
        let id = try #require(object(created)["id"]?.stringValue)
        for (name, bytes) in files {
            let uploaded = try await session.putBytes("\(imports)/\(id)/exports/\(PercentEncoding.encode(name))", bytes: bytes)
            #expect(uploaded.status == .created, "\(name): \(uploaded.text)")
        }
        let started = try await session.change(.post, "\(imports)/\(id)/start")
        #expect(started.status == .accepted, "\(started.text)")
        await jobs.ended(id)
        return object(try await session.send(.get, "\(imports)/\(id)"))
    }

    @Test func theNCMBExportIsImportedInTheBackgroundWithProgressSummaryAndReport() async throws {
        try await Self.with { harness, session, jobs in
            let files = try Self.fixtureNames.map { ($0, try Self.fixture($0)) }

            let job = try await Self.run(session, jobs, files: files)
            let id = try #require(job["id"]?.stringValue)
            let report = try await session.send(.get, "\(Self.imports)/\(id)/report")
            let list = try await session.send(.get, Self.imports)
            let scores = try await session.send(.get, "/dashboard/api/apps/test/classes/GameScore/objects")

            #expect(job["state"] == "finished", "\(job)")
            #expect(job["files"]?.arrayValue?.count == 6)
            #expect(job["stagedBytes"] == .integer(Int64(files.reduce(0) { $0 + $1.1.count })))
            let summary = try #require(job["summary"]?.objectValue)
            let imported = Dictionary(
                uniqueKeysWithValues: (summary["classes"]?.arrayValue ?? []).compactMap { entry -> (String, Int64)? in
                    guard let name = entry.objectValue?["className"]?.stringValue, let count = entry.objectValue?["imported"]?.integerValue
                    else { return nil }
                    return (name, count)
                })
            #expect(imported == ["user": 3, "role": 2, "installation": 2, "push": 1, "GameScore": 2, "Stage": 1])
            #expect(summary["relationMembers"] == 5 && summary["usersWithoutPassword"] == 3 && summary["dryRun"] == false)
            #expect(job["failureCount"] == 0 && job["error"] == .null)
            let progress = try #require(job["progress"]?.objectValue)
            #expect(progress["done"] == progress["total"])
            #expect(report.status == .ok && report.headers[.contentType]?.hasPrefix("application/x-ndjson") == true)
            let lastLine = try #require(report.text.split(separator: "\n").last)
            #expect(try JSONValue(parsing: Array(lastLine.utf8)).objectValue?["summary"]?.objectValue?["imported"] == 11)
            #expect(Self.object(list)["results"]?.arrayValue?.count == 1)
            #expect(Self.object(scores)["results"]?.arrayValue?.count == 2)
            #expect(!FileManager.default.fileExists(atPath: jobs.directory.appendingPathComponent(id).path), "the run folder went")
            #expect(try await Self.blobs(harness.server.storage).count == 1, "the staged files went, the report stays")
            #expect(try await audited(harness, "import.upload").count == 6)
            #expect(try await audited(harness, "import.start").first?.detail["files"] == 6)
            let finish = try #require(try await audited(harness, "import.finish").first)
            #expect(finish.admin == DashboardHarness.email && finish.target == id)
            #expect(finish.detail["state"] == "finished" && finish.detail["imported"] == 11)
            #expect(try await audited(harness, "import.create").map(\.target) == [id])
        }
    }

    @Test func classPermissionsAnImportRestoresAreSeenByTheNextRESTRequest() async throws {
        try await Self.with { harness, session, jobs in
            let closed = ClassPermissions([.create: OperationPermission(isPublic: false)]).storedJSON
            let manifest: JSONValue = [
                "format": "kumo-export", "version": 1, "exportedAt": "2026-01-01T00:00:00.000Z",
                "application": ["name": "test"], "withheld": [],
                "classes": [["name": "Chat", "file": "Chat.json", "objects": 0, "permissions": closed]],
            ]
            let files = [("manifest.json", manifest.serializedBytes()), ("Chat.json", Array(#"{"results":[]}"#.utf8))]

            try await harness.server.test { requester in
                let warm = try await requester.send(.post, "/2013-09-01/classes/Chat", body: "{}")
                let job = try await Self.run(session, jobs, files: files)
                let next = try await requester.send(.post, "/2013-09-01/classes/Chat", body: "{}")

                #expect(warm.status == .created)
                #expect(job["summary"]?.objectValue?["classPermissionsRestored"] == 1, "\(job)")
                #expect(next.status == .forbidden, "the pipeline was told the permissions changed")
            }
        }
    }

    @Test func aDryRunWritesNothing() async throws {
        try await Self.with { _, session, jobs in
            let job = try await Self.run(
                session, jobs, files: [("GameScore.json", try Self.fixture("GameScore.json"))],
                options: #"{"dryRun":true,"onConflict":"replace"}"#)
            let scores = try await session.send(.get, "/dashboard/api/apps/test/classes/GameScore/objects")

            #expect(job["state"] == "finished" && job["dryRun"] == true && job["onConflict"] == "replace")
            #expect(job["summary"]?.objectValue?["dryRun"] == true)
            #expect(Self.object(scores)["results"] == [])
        }
    }

    @Test func aMalformedFileFailsTheJobAndAnObjectThatCannotBeImportedIsReported() async throws {
        try await Self.with { harness, session, jobs in
            let malformed = try await Self.run(session, jobs, files: [("GameScore.json", Array(#"{"results":[{"objectId":"a"},"#.utf8))])
            let partly = try await Self.run(
                session, jobs,
                files: [("Stage.json", Array(#"{"results":[{"objectId":"stage0000000009","name":"ok"},{"objectId":5}]}"#.utf8))])
            let stages = try await session.send(.get, "/dashboard/api/apps/test/classes/Stage/objects")
            let id = try #require(partly["id"]?.stringValue)
            let report = try await session.send(.get, "\(Self.imports)/\(id)/report")

            #expect(malformed["state"] == "failed")
            #expect(malformed["error"]?.stringValue?.contains("not a well-formed export") == true, "\(malformed)")
            #expect(malformed["summary"] == .null)
            #expect(partly["state"] == "finished" && partly["failureCount"] == 1)
            let failure = try #require(partly["failures"]?.arrayValue?.first?.objectValue)
            #expect(failure["file"] == "Stage.json" && failure["index"] == 1 && failure["objectId"] == .null)
            #expect(failure["reason"]?.stringValue?.contains("objectId") == true, "\(failure)")
            #expect(Self.object(stages)["results"]?.arrayValue?.count == 1)
            #expect(report.text.split(separator: "\n").count == 2)
            let finishes = try await audited(harness, "import.finish")
            #expect(finishes.map { $0.detail["state"] } == ["finished", "failed"])
        }
    }

    @Test func badUploadsAndStatesAreRefused() async throws {
        var limits = ImportJobs.Limits()
        limits.maximumJobBytes = 64
        limits.maximumUnfinishedJobs = 2
        try await Self.with(limits: limits) { harness, session, jobs in
            let id = try #require(Self.object(try await session.change(.post, Self.imports))["id"]?.stringValue)
            let job = "\(Self.imports)/\(id)"

            let escaping = try await session.putBytes("\(job)/exports/..%2Fuser.json", bytes: [1])
            let notJSON = try await session.putBytes("\(job)/exports/notes.txt", bytes: [1])
            let nested = try await session.putBytes("\(job)/exports/a%2FGameScore.json", bytes: [1])
            let badFile = try await session.putBytes("\(job)/files/%2E%2E", bytes: [1])
            let tooLarge = try await session.putBytes("\(job)/exports/GameScore.json", bytes: Array(repeating: 32, count: 65))
            let unknownJob = try await session.putBytes("\(Self.imports)/nope/exports/GameScore.json", bytes: [1])
            let emptyStart = try await session.change(.post, "\(job)/start")
            let earlyReport = try await session.send(.get, "\(job)/report")
            let badConflict = try await session.change(.post, Self.imports, body: #"{"onConflict":"merge"}"#)
            let badDryRun = try await session.change(.post, Self.imports, body: #"{"dryRun":"yes"}"#)
            _ = try await session.change(.post, Self.imports)
            let third = try await session.change(.post, Self.imports)
            let relations = try await session.putBytes("\(job)/exports/relations%2FGameScore.json", bytes: Array("{}".utf8))
            let bytes = try await session.putBytes("\(job)/files/photo%20one.png", bytes: [0, 1, 2])
            let removed = try await session.change(.delete, job)
            let removedAgain = try await session.change(.delete, job)

            for response in [escaping, notJSON, nested, badFile] {
                #expect(response.status == .badRequest && Self.object(response)["field"] == "name", "\(response.text)")
            }
            #expect(tooLarge.status == .contentTooLarge && Self.object(tooLarge)["code"] == "tooLarge")
            #expect(unknownJob.status == .notFound)
            #expect(emptyStart.status == .badRequest && Self.object(emptyStart)["code"] == "empty")
            #expect(earlyReport.status == .conflict && Self.object(earlyReport)["code"] == "state")
            #expect(Self.object(badConflict)["field"] == "onConflict" && Self.object(badDryRun)["field"] == "dryRun")
            #expect(third.status == .conflict && Self.object(third)["code"] == "tooManyJobs")
            #expect(relations.status == .created && Self.object(relations)["className"] == "GameScore")
            #expect(bytes.status == .created && Self.object(bytes)["kind"] == "file" && Self.object(bytes)["name"] == "photo one.png")
            #expect(removed.status == .ok && removedAgain.status == .notFound)
            #expect(try await Self.blobs(harness.server.storage).isEmpty, "the removed job's staged files went")
            #expect(try await audited(harness, "import.remove").map(\.target) == [id])
            #expect(try await audited(harness, "import.upload").count == 2)
        }
    }

    @Test func anEndedJobTakesNoMoreUploadsAndDoesNotStartAgain() async throws {
        try await Self.with { _, session, jobs in
            let job = try await Self.run(session, jobs, files: [("Stage.json", try Self.fixture("Stage.json"))])
            let id = try #require(job["id"]?.stringValue)

            let upload = try await session.putBytes("\(Self.imports)/\(id)/exports/GameScore.json", bytes: Array("{}".utf8))
            let restart = try await session.change(.post, "\(Self.imports)/\(id)/start")

            #expect(upload.status == .conflict && Self.object(upload)["code"] == "state")
            #expect(restart.status == .conflict && Self.object(restart)["code"] == "state")
        }
    }

    @Test func withoutASessionOrACSRFTokenNothingHappens() async throws {
        try await DashboardHarness.with { harness, session in
            let anonymous = try await session.send(.get, Self.imports)
            #expect(anonymous.status == .unauthorized)
            try await session.signIn()

            let forgedCreate = try await session.send(.post, Self.imports, body: "{}")
            let forgedUpload = try await session.putBytes("\(Self.imports)/x/exports/GameScore.json", bytes: [1], csrf: false)
            let forgedStart = try await session.send(.post, "\(Self.imports)/x/start")
            let forgedRemove = try await session.send(.delete, "\(Self.imports)/x")
            let unwired = try await session.send(.get, Self.imports)

            for response in [forgedCreate, forgedUpload, forgedStart, forgedRemove] {
                #expect(response.status == .forbidden && Self.object(response)["code"] == "csrf")
            }
            #expect(unwired.status == .serviceUnavailable)
            #expect(try await harness.audit().allSatisfy { !$0.action.hasPrefix("import.") })
        }
    }
}
