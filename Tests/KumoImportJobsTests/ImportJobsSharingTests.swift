import Foundation
import KumoImportJobs
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Import jobs shared by the instances on one database (docs/decisions/0155-import-jobs-in-the-database.md): two
/// ``ImportJobs`` over one storage stand for two instances. A job started through one is run by the other and read
/// through both; concurrent pollers run a job once; a job whose runner's lease ran out is taken over and marked failed,
/// never run again; on both engines. The clock is the test's: leases run out when the test moves it.
@Suite(.timeLimit(.minutes(2))) struct ImportJobsSharingTests {
    static let application = TestApplication.fakeApplication
    static let posts =
        Array(
            #"[{"objectId":"post00000000001","createDate":"2020-06-01T10:00:00.000Z","updateDate":"2020-06-01T10:00:00.000Z","#
                .utf8) + Array(#""acl":{"*":{"read":true,"write":true}},"title":"hello"}]"#.utf8)

    /// Runs `body` with `count` instances' jobs over one fresh storage of `engine` holding the application; the first
    /// instance runs no job itself (`concurrentJobs` 0) so that the others must.
    static func withInstances(
        _ engine: StorageEngine, count: Int = 2, _ body: ([ImportJobs], any StorageBackend, TestClock) async throws -> Void
    ) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.applications.create(application)
            let clock = TestClock()
            // One generator for all: job ids and the instances' lease names stay distinct.
            let identifiers = IncrementingIdentifiers()
            var instances: [ImportJobs] = []
            var folders: [URL] = []
            defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }
            for index in 0..<count {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-import-shared-\(UUID().uuidString)")
                folders.append(folder)
                var limits = ImportJobs.Limits()
                limits.concurrentJobs = index == 0 ? 0 : 1
                instances.append(
                    try ImportJobs(
                        directory: folder, limits: limits, storage: storage, clock: clock,
                        identifiers: identifiers, logger: .quiet))
            }
            try await body(instances, storage, clock)
        }
    }

    /// A started job of `posts`, created, uploaded and started through `jobs`.
    static func startedJob(_ jobs: ImportJobs) async throws -> String {
        let job = try await jobs.create(application: application, isDryRun: false, conflict: .fail, createdBy: "ops@example.com")
        _ = try await jobs.upload(
            job.id, applicationId: application.applicationId, kind: .export, name: "Post.json", declaredLength: nil,
            body: AsyncThrowingStream { continuation in
                continuation.yield(posts)
                continuation.finish()
            })
        let started = try await jobs.start(job.id, applicationId: application.applicationId, actor: "ops@example.com", address: nil)
        #expect(started.state == .queued)
        return job.id
    }

    /// Whether the post of ``posts`` is stored.
    static func hasPost(_ storage: any StorageBackend) async throws -> Bool {
        let key = ObjectKey(
            applicationId: application.applicationId, className: try #require(ClassName("Post")), objectId: "post00000000001")
        do {
            _ = try await storage.objects.object(key, include: [], access: .bypass)
            return true
        } catch StorageError.notFound {
            return false
        }
    }

    static func finishAudits(_ storage: any StorageBackend) async throws -> [AdminAuditEntry] {
        try await storage.admins.auditEntries(limit: 100, before: nil).filter { $0.action == "import.finish" }
    }

    @Test(arguments: TestDatabase.engines)
    func aJobStartedThroughOneInstanceIsRunByAnotherAndReadThroughBoth(_ engine: StorageEngine) async throws {
        try await Self.withInstances(engine) { instances, storage, _ in
            let (first, second) = (instances[0], instances[1])
            let id = try await Self.startedJob(first)
            let listedOnSecond = try await second.list(applicationId: Self.application.applicationId).map(\.id)

            await second.poll()
            await second.ended(id)
            let readOnFirst = try await first.job(id, applicationId: Self.application.applicationId)
            let report = try await first.report(id, applicationId: Self.application.applicationId)
            let reportBytes = try await report.blobs.read(
                applicationId: ImportJobs.blobNamespace, blobId: report.blobId, offset: 0, length: Int(report.size))
            let left = try await storage.blobs.committedBlobIds(
                applicationId: ImportJobs.blobNamespace, committedBefore: WireDate(millisecondsSince1970: Int64.max / 2), limit: 100)

            #expect(listedOnSecond == [id])
            #expect(readOnFirst.state == .finished && readOnFirst.lease == nil, "\(String(describing: readOnFirst.error))")
            #expect(readOnFirst.summary?.objectValue?["total"]?.objectValue?["imported"] == 1)
            #expect(String(decoding: reportBytes, as: UTF8.self).contains("\"summary\""))
            #expect(left == [report.blobId], "the staged file went at the end, the report stays")
            #expect(try await Self.hasPost(storage))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func twoInstancesPollingAtOnceRunAJobOnce(_ engine: StorageEngine) async throws {
        try await Self.withInstances(engine, count: 3) { instances, storage, _ in
            let id = try await Self.startedJob(instances[0])

            async let secondPolls: Void = instances[1].poll()
            async let thirdPolls: Void = instances[2].poll()
            _ = await (secondPolls, thirdPolls)
            await instances[1].ended(id)
            await instances[2].ended(id)
            let job = try await instances[0].job(id, applicationId: Self.application.applicationId)

            #expect(job.state == .finished, "conflict mode fail: a second run would have failed on the imported object")
            #expect(try await Self.finishAudits(storage).count == 1)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aJobWhoseRunnerStoppedIsTakenOverAndMarkedFailedOnceItsLeaseRanOut(_ engine: StorageEngine) async throws {
        try await Self.withInstances(engine) { instances, storage, clock in
            let (first, second) = (instances[0], instances[1])
            let id = try await Self.startedJob(first)
            // A runner of an instance that then stops: it claims the job and marks it running, and never renews.
            let now = clock.now()
            let lease = ImportJobs.Limits().leaseMilliseconds
            var claimed = try #require(
                try await storage.importJobs.claim(
                    owner: "stopped", now: now, leaseUntil: WireDate(millisecondsSince1970: now.millisecondsSince1970 + lease)))
            claimed.state = "running"
            _ = try #require(try await storage.importJobs.update(claimed, condition: .leasedBy("stopped")))

            await second.poll()
            let duringLease = try await first.job(id, applicationId: Self.application.applicationId)
            clock.advance(milliseconds: lease + 1)
            await second.poll()
            let afterLease = try await first.job(id, applicationId: Self.application.applicationId)
            var lateEnd = claimed
            lateEnd.state = "finished"
            let stoppedRunnerWrites = try await storage.importJobs.update(lateEnd, condition: .leasedBy("stopped"))
            let left = try await storage.blobs.committedBlobIds(
                applicationId: ImportJobs.blobNamespace, committedBefore: WireDate(millisecondsSince1970: Int64.max / 2), limit: 100)
            let hasPost = try await Self.hasPost(storage)

            #expect(duringLease.state == .running)
            #expect(afterLease.state == .failed && afterLease.error == ImportJobs.takeOverError && afterLease.lease == nil)
            #expect(stoppedRunnerWrites == nil, "the stopped runner's late end is refused")
            #expect(left.isEmpty, "the staged file went with the takeover")
            #expect(!hasPost, "the job was not run again")
            #expect(try await Self.finishAudits(storage).map(\.target) == [id])
        }
    }
}
