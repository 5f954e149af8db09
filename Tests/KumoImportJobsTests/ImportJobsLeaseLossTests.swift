import Foundation
import KumoImportJobs
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// A runner that loses its lease stops its import (docs/decisions/0155-import-jobs-in-the-database.md): another
/// instance took the job over, so the runner's next renewal fails, its import is cancelled, and it writes nothing. The
/// import is held in its download by a blob store whose reads of staged files wait until they are cancelled; the wait
/// is bounded by the suite's time limit (a runner that kept going would never be cancelled).
@Suite(.timeLimit(.minutes(1))) struct ImportJobsLeaseLossTests {
    /// A blob store whose reads of the import jobs' namespace say they started and then wait until their task is
    /// cancelled; everything else is the base store's.
    struct HangingBlobStore: BlobStore {
        let base: any BlobStore
        let started: AsyncStream<Void>.Continuation
        let cancelled: AsyncStream<Void>.Continuation

        func makeWriter(applicationId: String) async throws -> any BlobWriter {
            try await base.makeWriter(applicationId: applicationId)
        }

        func makeWriter(applicationId: String, blobId: String) async throws -> any BlobWriter {
            try await base.makeWriter(applicationId: applicationId, blobId: blobId)
        }

        func read(applicationId: String, blobId: String, offset: Int64, length: Int) async throws -> [UInt8] {
            guard applicationId == ImportJobs.blobNamespace else {
                return try await base.read(applicationId: applicationId, blobId: blobId, offset: offset, length: length)
            }
            started.yield()
            let (never, keepOpen) = AsyncStream.makeStream(of: Void.self)
            for await _ in never {}  // ends only when the task is cancelled
            keepOpen.finish()
            cancelled.yield()
            throw CancellationError()
        }

        func size(applicationId: String, blobId: String) async throws -> Int64? {
            try await base.size(applicationId: applicationId, blobId: blobId)
        }

        func delete(applicationId: String, blobId: String) async throws {
            try await base.delete(applicationId: applicationId, blobId: blobId)
        }

        func committedBlobIds(applicationId: String, committedBefore date: WireDate, limit: Int) async throws -> [String] {
            try await base.committedBlobIds(applicationId: applicationId, committedBefore: date, limit: limit)
        }

        func deleteAbandonedUploads(startedBefore date: WireDate) async throws -> Int {
            try await base.deleteAbandonedUploads(startedBefore: date)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aRunnerWhoseLeaseWasTakenOverStopsItsImportAndWritesNothing(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { engineStorage in
            try await engineStorage.applications.create(ImportJobsSharingTests.application)
            let (started, startedReads) = AsyncStream.makeStream(of: Void.self)
            let (cancelled, cancelledReads) = AsyncStream.makeStream(of: Void.self)
            let storage = StorageWithBlobStore(
                engine: engineStorage, blobs: HangingBlobStore(base: engineStorage.blobs, started: startedReads, cancelled: cancelledReads))
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-import-lease-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            var limits = ImportJobs.Limits()
            limits.leaseMilliseconds = 300  // renewed every 100 ms
            let jobs = try ImportJobs(
                directory: folder, limits: limits, storage: storage, clock: TestClock(), identifiers: IncrementingIdentifiers(),
                logger: .quiet)

            let id = try await ImportJobsSharingTests.startedJob(jobs)
            _ = await started.first { _ in true }
            // Another instance takes the job over (as after a lease that ran out) and ends it.
            var stolen = try #require(try await engineStorage.importJobs.job(id: id))
            #expect(stolen.state == "running" && stolen.leaseOwner == jobs.instanceId)
            stolen.leaseOwner = "thief"
            stolen = try #require(try await engineStorage.importJobs.update(stolen, condition: .leasedBy(jobs.instanceId)))
            _ = await cancelled.first { _ in true }
            stolen.state = "failed"
            let ended = try #require(try await engineStorage.importJobs.update(stolen, condition: .leasedBy("thief")))
            await jobs.ended(id)
            let stored = try await engineStorage.importJobs.job(id: id)

            #expect(stored == ended, "the runner that lost its lease wrote nothing after the takeover")
            #expect(try await !ImportJobsSharingTests.hasPost(engineStorage), "its import stopped before writing")
            #expect(try await ImportJobsSharingTests.finishAudits(engineStorage).isEmpty)
        }
    }
}
