import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoImportJobs
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// Import jobs are rows of the database and their files blobs of the shared store
/// (docs/decisions/0155-import-jobs-in-the-database.md): a stranger with the app's keys, or a signed-in user of the app,
/// reaches neither the jobs nor their staged bytes — the admin API wants an administrator's session (and its CSRF token
/// to change anything), no NCMB class exposes the rows, and a staged file is no file of the application.
@Suite struct AbuseImportJobTests {
    static let imports = ImportAPITests.imports
    static let secret = Array("staged secret bytes".utf8)

    /// A job with a staged export file and staged file bytes named `secret.txt`; returns its id.
    static func stagedJob(_ session: DashboardClientSession) async throws -> String {
        let id = try #require(ImportAPITests.object(try await session.change(.post, imports))["id"]?.stringValue)
        let export = try await session.putBytes("\(imports)/\(id)/exports/Post.json", bytes: Array("[]".utf8))
        let file = try await session.putBytes("\(imports)/\(id)/files/secret.txt", bytes: secret)
        #expect(export.status == .created && file.status == .created)
        return id
    }

    @Test func aStrangerWithTheAppsKeysReachesNoJobAndAFormerSessionWithoutCSRFChangesNone() async throws {
        try await ImportAPITests.with { harness, session, _ in
            let id = try await Self.stagedJob(session)
            let stranger = DashboardClientSession(client: session.client)
            var answers: [TestResponse] = []
            let requests: [(HTTPRequest.Method, String)] = [
                (.get, Self.imports), (.get, "\(Self.imports)/\(id)"), (.get, "\(Self.imports)/\(id)/report"),
                (.post, "\(Self.imports)/\(id)/start"), (.delete, "\(Self.imports)/\(id)"), (.post, Self.imports),
            ]
            for (method, path) in requests {
                let signed = AbuseNewcomerAdminRoutesTests.signedHeaders(method: method.rawValue, path: path)
                answers.append(try await stranger.send(method, path, headers: signed))
            }
            let forgedStart = try await session.send(.post, "\(Self.imports)/\(id)/start")
            let forgedUpload = try await session.putBytes("\(Self.imports)/\(id)/files/other.txt", bytes: [1], csrf: false)
            let job = try await session.send(.get, "\(Self.imports)/\(id)")

            for answer in answers {
                #expect(answer.status == .unauthorized, "\(answer.status)")
                #expect(!String(buffer: answer.body).contains(id))
            }
            #expect(forgedStart.status == .forbidden && forgedUpload.status == .forbidden)
            #expect(ImportAPITests.object(job)["state"] == "staging")
            #expect(ImportAPITests.object(job)["files"]?.arrayValue?.count == 2)
            #expect(try await harness.server.storage.importJobs.job(id: id)?.state == "staging")
        }
    }

    @Test func aStagedFileIsNoFileOfTheApplicationAndNoClassShowsTheJobs() async throws {
        try await ImportAPITests.with { harness, session, _ in
            let id = try await Self.stagedJob(session)
            let stored = try #require(try await harness.server.storage.importJobs.job(id: id))
            let blobIds = (stored.document["files"]?.arrayValue ?? []).compactMap { $0.objectValue?["blobId"]?.stringValue }

            let answers = try await harness.server.test { requester in
                var answers = [
                    try await requester.send(.get, "/2013-09-01/files/secret.txt"),
                    try await requester.send(.get, "/2013-09-01/files"),
                    try await requester.send(.get, "/2013-09-01/classes/import_jobs"),
                    try await requester.send(.get, "/2013-09-01/classes/import-jobs"),
                ]
                for blobId in blobIds { answers.append(try await requester.send(.get, "/2013-09-01/files/\(blobId)")) }
                return answers
            }
            let dashboardFiles = try await session.send(.get, "/dashboard/api/apps/test/files")

            #expect(blobIds.count == 2)
            #expect(answers[0].status == .notFound && answers[0].bytes != Self.secret)
            for answer in answers.dropFirst(4) { #expect(answer.status == .notFound) }
            for answer in answers {
                let text = String(decoding: answer.bytes, as: UTF8.self)
                #expect(!text.contains(id) && !text.contains("staged secret"), "\(text)")
            }
            #expect(answers[1].status == .ok && ImportAPITests.object(answers[1])["results"] == [])
            #expect(!String(buffer: dashboardFiles.body).contains("secret.txt"), "the application's files list no staged file")
        }
    }
}
