import Foundation
import KumoImportJobs
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// An upload into an import job (``ImportJobs/upload(_:applicationId:kind:name:declaredLength:body:)``,
/// docs/decisions/0155-import-jobs-in-the-database.md): the bytes go into a blob of the jobs' namespace as they come
/// and are counted against the job's limit; a refused or failed upload leaves no blob behind; on both engines.
@Suite struct ImportJobsUploadTests {
    /// Runs `body` with import jobs over a fresh storage of `engine`, the jobs limited to `maximumJobBytes`.
    static func withJobs(
        _ engine: StorageEngine, maximumJobBytes: Int64 = 1 << 30, _ body: (ImportJobs, any StorageBackend) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-import-upload-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var limits = ImportJobs.Limits()
        limits.maximumJobBytes = maximumJobBytes
        try await StorageUnderTest.with(engine) { storage in
            let jobs = try ImportJobs(
                directory: directory, limits: limits, storage: storage, clock: TestClock(), identifiers: IncrementingIdentifiers(),
                logger: .quiet)
            try await body(jobs, storage)
        }
    }

    static func stream(_ chunks: [[UInt8]]) -> AsyncThrowingStream<[UInt8], any Error> {
        AsyncThrowingStream { continuation in
            for chunk in chunks { continuation.yield(chunk) }
            continuation.finish()
        }
    }

    /// The committed blobs of the import jobs' namespace.
    static func blobs(_ storage: any StorageBackend) async throws -> Set<String> {
        Set(
            try await storage.blobs.committedBlobIds(
                applicationId: ImportJobs.blobNamespace, committedBefore: WireDate(millisecondsSince1970: Int64.max / 2), limit: 1000))
    }

    // MARK: Tests

    @Test(arguments: TestDatabase.engines)
    func anUploadIsStagedAsABlobAndCountedAndAReplacedUploadsBlobGoes(_ engine: StorageEngine) async throws {
        try await Self.withJobs(engine) { jobs, storage in
            let application = TestApplication.fakeApplication
            let job = try await jobs.create(application: application, isDryRun: true, conflict: .skip, createdBy: "ops@example.com")

            let first = try await jobs.upload(
                job.id, applicationId: application.applicationId, kind: .export, name: "relations/Post.json", declaredLength: 14,
                body: Self.stream([Array(#"{"results""#.utf8), Array(":[]}".utf8)]))
            let second = try await jobs.upload(
                job.id, applicationId: application.applicationId, kind: .export, name: "relations/Post.json", declaredLength: nil,
                body: Self.stream([Array(#"{"results":[ ]}"#.utf8)]))

            #expect(first.name == "relations/Post.json" && first.size == 14 && first.kind == .export && first.className == "Post")
            let stored = try await jobs.job(job.id, applicationId: application.applicationId)
            #expect(stored.stagedBytes == 15 && stored.files.map(\.blobId) == [second.blobId])
            #expect(try await Self.blobs(storage) == [second.blobId], "the first upload's blob went with its replacement")
            let bytes = try await storage.blobs.read(
                applicationId: ImportJobs.blobNamespace, blobId: second.blobId, offset: 0, length: 100)
            #expect(bytes == Array(#"{"results":[ ]}"#.utf8))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anUploadOverTheLimitIsRefusedAndLeavesNothing(_ engine: StorageEngine) async throws {
        try await Self.withJobs(engine, maximumJobBytes: 10) { jobs, storage in
            let application = TestApplication.fakeApplication
            let job = try await jobs.create(application: application, isDryRun: true, conflict: .skip, createdBy: "ops@example.com")

            await #expect(throws: ImportJobs.Refusal.tooLarge(10)) {
                try await jobs.upload(
                    job.id, applicationId: application.applicationId, kind: .export, name: "Post.json", declaredLength: 11,
                    body: Self.stream([]))
            }
            await #expect(throws: ImportJobs.Refusal.tooLarge(10)) {
                try await jobs.upload(
                    job.id, applicationId: application.applicationId, kind: .export, name: "Post.json", declaredLength: nil,
                    body: Self.stream([Array(repeating: 0x20, count: 6), Array(repeating: 0x20, count: 6)]))
            }

            #expect(try await jobs.job(job.id, applicationId: application.applicationId).stagedBytes == 0)
            #expect(try await Self.blobs(storage).isEmpty)
            #expect(try await storage.blobs.deleteAbandonedUploads(startedBefore: WireDate(millisecondsSince1970: Int64.max / 2)) == 0)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aFailingBodyLeavesNothingAndABadNameOrAnotherApplicationIsRefused(_ engine: StorageEngine) async throws {
        struct Broken: Error {}
        try await Self.withJobs(engine) { jobs, storage in
            let application = TestApplication.fakeApplication
            let job = try await jobs.create(application: application, isDryRun: true, conflict: .skip, createdBy: "ops@example.com")
            let broken = AsyncThrowingStream<[UInt8], any Error> { continuation in
                continuation.yield(Array("{".utf8))
                continuation.finish(throwing: Broken())
            }

            await #expect(throws: Broken.self) {
                try await jobs.upload(
                    job.id, applicationId: application.applicationId, kind: .export, name: "Post.json", declaredLength: nil, body: broken)
            }
            await #expect(throws: ImportJobs.Refusal.name("../Post.json")) {
                try await jobs.upload(
                    job.id, applicationId: application.applicationId, kind: .export, name: "../Post.json", declaredLength: nil,
                    body: Self.stream([]))
            }
            await #expect(throws: ImportJobs.Refusal.notFound) {
                try await jobs.upload(
                    job.id, applicationId: "anotherApplication", kind: .export, name: "Post.json", declaredLength: nil,
                    body: Self.stream([Array("{}".utf8)]))
            }

            #expect(try await jobs.job(job.id, applicationId: application.applicationId).stagedBytes == 0)
            #expect(try await Self.blobs(storage).isEmpty)
        }
    }
}
