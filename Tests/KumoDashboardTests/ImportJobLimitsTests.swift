import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoImportJobs
import KumoStorage
import KumoTestSupport
import Logging
import NCMBWire
import NIOCore
import NIOPosix
import Testing

/// The bounds of the dashboard's import jobs (docs/dashboard.md#import-and-export,
/// docs/decisions/0087-dashboard-import-jobs.md, docs/decisions/0155-import-jobs-in-the-database.md): abandoned staged jobs
/// and ended jobs expire by the jobs' clock with their blobs, and an
/// upload over what a job may still take is refused with 413 — from its `Content-Length` before the body is read, and
/// while a chunked body streams.
@Suite(.timeLimit(.minutes(2))) struct ImportJobLimitsTests {
    static let imports = ImportAPITests.imports
    static let tenMinutes: Int64 = 10 * 60 * 1000

    // MARK: Expiry

    static func create(_ jobs: ImportJobs, _ application: HostedApplication) async throws -> String {
        let job = try await jobs.create(application: application, isDryRun: false, conflict: .skip, createdBy: "ops@example.com")
        return job.id
    }

    @Test func aStagedJobWithoutUploadsAndAnEndedJobExpireButAQueuedJobStays() async throws {
        try await StorageUnderTest.with(.sqlite) { storage in
            let application = TestApplication.fakeApplication
            try await storage.applications.create(application)
            let clock = TestClock()
            let identifiers = IncrementingIdentifiers()
            var folders: [URL] = []
            defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }
            // Two instances: the first runs nothing, so its started job stays queued until the second runs it.
            func instance(runs: Int) throws -> ImportJobs {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-import-expiry-\(UUID().uuidString)")
                folders.append(folder)
                var limits = ImportJobs.Limits()
                limits.keptForMilliseconds = Self.tenMinutes
                limits.concurrentJobs = runs
                return try ImportJobs(
                    directory: folder, limits: limits, storage: storage, clock: clock, identifiers: identifiers,
                    logger: Logger(label: "kumo.test.imports"))
            }
            let jobs = try instance(runs: 0)
            let runner = try instance(runs: 1)
            let applicationId = application.applicationId
            func listed() async throws -> [String] { try await jobs.list(applicationId: applicationId).map(\.id) }

            let abandoned = try await Self.create(jobs, application)
            let started = try await Self.create(jobs, application)
            _ = try await jobs.upload(
                started, applicationId: applicationId, kind: .export, name: "Stage.json", declaredLength: nil,
                body: AsyncThrowingStream { continuation in
                    continuation.yield(Array("[]".utf8))
                    continuation.finish()
                })
            #expect(try await jobs.start(started, applicationId: applicationId, actor: "ops@example.com", address: nil).state == .queued)
            clock.advance(milliseconds: 5 * 60 * 1000)
            let recent = try await Self.create(jobs, application)
            clock.advance(milliseconds: 6 * 60 * 1000)

            let afterElevenMinutes = try await listed()

            #expect(afterElevenMinutes == [recent, started], "the staged job untouched for 11 minutes is gone, the queued one stays")
            #expect(!afterElevenMinutes.contains(abandoned))

            await runner.poll()
            await runner.ended(started)
            let ended = try await jobs.job(started, applicationId: applicationId)
            clock.advance(milliseconds: Self.tenMinutes)
            let atTheLimit = try await listed()
            clock.advance(milliseconds: 1)
            let pastTheLimit = try await listed()

            #expect(ended.state == .finished, "\(String(describing: ended.error))")
            #expect(atTheLimit == [started], "an ended job is kept for the limit after its end")
            #expect(pastTheLimit == [])
            #expect(try await ImportAPITests.blobs(storage).isEmpty, "expired jobs' files and reports went with them")
        }
    }

    @Test func anUploadKeepsAStagedJobAndTheAPIListsNoExpiredJob() async throws {
        var limits = ImportJobs.Limits()
        limits.keptForMilliseconds = Self.tenMinutes
        try await ImportAPITests.with(limits: limits) { harness, session, jobs in
            let first = try #require(ImportAPITests.object(try await session.change(.post, Self.imports))["id"]?.stringValue)
            let second = try #require(ImportAPITests.object(try await session.change(.post, Self.imports))["id"]?.stringValue)
            harness.server.clock.advance(milliseconds: 9 * 60 * 1000)
            let upload = try await session.putBytes("\(Self.imports)/\(second)/exports/Stage.json", bytes: Array("{}".utf8))
            harness.server.clock.advance(milliseconds: 2 * 60 * 1000)

            let list = try await session.send(.get, Self.imports)
            let gone = try await session.send(.get, "\(Self.imports)/\(first)")

            #expect(upload.status == .created)
            let listed = ImportAPITests.object(list)["results"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue }
            #expect(listed == [second])
            #expect(gone.status == .notFound)
            #expect(try await ImportAPITests.blobs(harness.server.storage).count == 1, "only the kept job's upload is stored")
        }
    }

    // MARK: Upload sizes

    /// A live dashboard (real sockets, so a request can lack `Content-Length`) whose jobs take 64 bytes, with a job.
    static func withLiveJob(
        _ body: @escaping @Sendable (DashboardClientSession, ImportJobs, _ port: Int, _ job: String) async throws -> Void
    ) async throws {
        var limits = ImportJobs.Limits()
        limits.maximumJobBytes = 64
        try await DashboardHarness.with(
            isLive: true,
            environment: { environment, server in
                environment.operations.imports = try ImportJobs(
                    directory: server.directory.appendingPathComponent("imports"), limits: limits, storage: server.storage,
                    clock: server.clock, identifiers: IncrementingIdentifiers(), logger: Logger(label: "kumo.test.imports"))
            }
        ) { harness, session in
            try await session.signIn()
            let jobs = try #require(harness.environment.operations.imports)
            let job = try #require(ImportAPITests.object(try await session.change(.post, Self.imports))["id"]?.stringValue)
            try await body(session, jobs, try #require(session.client.port), job)
        }
    }

    /// The head of an upload into `job` with the session's cookie and CSRF token and `framing`'s lines.
    static func uploadHead(_ session: DashboardClientSession, job: String, name: String, framing: String) async throws -> String {
        let cookie = session.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        return "PUT \(imports)/\(job)/exports/\(name) HTTP/1.1\r\nHost: localhost\r\nCookie: \(cookie)\r\n"
            + "X-Kumo-CSRF: \(try await session.csrfToken())\r\nContent-Type: application/octet-stream\r\n\(framing)\r\n\r\n"
    }

    /// Writes `request` on a new connection and reads one whole answer (its `Content-Length`) or until the server
    /// closes; returns its status and body.
    static func exchange(port: Int, _ request: [UInt8]) async throws -> (status: String, body: String) {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
        let received = try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(bytes: request))
            var received: [UInt8] = []
            for try await chunk in inbound {
                received += chunk.readableBytesView
                guard let end = received.firstRange(of: Array("\r\n\r\n".utf8)) else { continue }
                let head = String(decoding: received[..<end.lowerBound], as: UTF8.self).lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
                if let length, received.count - end.upperBound >= length { break }
            }
            return received
        }
        let text = String(decoding: received, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        return (parts.first?.components(separatedBy: "\r\n").first ?? "", parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    /// The chunked framing of `pieces`.
    static func chunked(_ pieces: [[UInt8]]) -> [UInt8] {
        pieces.flatMap { Array(String($0.count, radix: 16).utf8) + Array("\r\n".utf8) + $0 + Array("\r\n".utf8) } + Array("0\r\n\r\n".utf8)
    }

    /// How many uploads into the blob store are neither committed nor aborted (deleting them: call it last).
    static func abandonedUploads(_ jobs: ImportJobs) async throws -> Int {
        try await jobs.storage.blobs.deleteAbandonedUploads(startedBefore: WireDate(millisecondsSince1970: Int64.max / 2))
    }

    /// The job's `stagedBytes` and file names as the API shows them.
    static func staged(_ session: DashboardClientSession, _ job: String) async throws -> (bytes: Int64?, names: [String]) {
        let object = ImportAPITests.object(try await session.send(.get, "\(imports)/\(job)"))
        let names = object["files"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } ?? []
        return (object["stagedBytes"]?.integerValue, names)
    }

    @Test func aContentLengthOverWhatTheJobMayStillTakeIsRefusedBeforeTheBodyIsRead() async throws {
        try await Self.withLiveJob { session, jobs, port, job in
            let first = try await session.putBytes("\(Self.imports)/\(job)/exports/Stage.json", bytes: Array(repeating: 32, count: 40))
            // Only the head is sent: an answer proves that no byte of the body was waited for.
            let over = try await Self.exchange(
                port: port, Array(try await Self.uploadHead(session, job: job, name: "GameScore.json", framing: "Content-Length: 25").utf8))
            let exact = try await session.putBytes("\(Self.imports)/\(job)/exports/user.json", bytes: Array(repeating: 32, count: 24))
            let staged = try await Self.staged(session, job)

            #expect(first.status == .created && exact.status == .created, "\(exact.text)")
            #expect(over.status.hasPrefix("HTTP/1.1 413"), "\(over)")
            #expect(over.body.contains(#""code":"tooLarge""#), "\(over.body)")
            #expect(staged.bytes == 64 && staged.names == ["Stage.json", "user.json"])
            #expect(try await ImportAPITests.blobs(jobs.storage).count == 2)
            #expect(try await Self.abandonedUploads(jobs) == 0)
        }
    }

    @Test func aChunkedBodyIsCountedWhileItStreams() async throws {
        try await Self.withLiveJob { session, jobs, port, job in
            let fits = try await Self.exchange(
                port: port,
                Array(try await Self.uploadHead(session, job: job, name: "Stage.json", framing: "Transfer-Encoding: chunked").utf8)
                    + Self.chunked([Array(repeating: 32, count: 20), Array(repeating: 32, count: 12)]))
            let over = try await Self.exchange(
                port: port,
                Array(try await Self.uploadHead(session, job: job, name: "GameScore.json", framing: "Transfer-Encoding: chunked").utf8)
                    + Self.chunked([Array(repeating: 32, count: 20), Array(repeating: 32, count: 13)]))
            let staged = try await Self.staged(session, job)

            #expect(fits.status.hasPrefix("HTTP/1.1 201"), "\(fits)")
            #expect(fits.body.contains(#""size":32"#), "\(fits.body)")
            #expect(over.status.hasPrefix("HTTP/1.1 413"), "\(over)")
            #expect(over.body.contains(#""code":"tooLarge""#), "\(over.body)")
            #expect(staged.bytes == 32 && staged.names == ["Stage.json"])
            #expect(try await ImportAPITests.blobs(jobs.storage).count == 1)
            #expect(try await Self.abandonedUploads(jobs) == 0)
        }
    }
}
