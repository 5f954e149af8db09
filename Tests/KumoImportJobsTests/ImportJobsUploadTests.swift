import Foundation
import KumoImportJobs
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// An upload into an import job (``ImportJobs/upload(_:applicationId:kind:name:declaredLength:body:)``,
/// docs/decisions/0087-dashboard-import-jobs.md): the bytes are staged as they come and counted against the job's
/// limit; a refused or failed upload leaves nothing behind.
@Suite struct ImportJobsUploadTests {
    /// Runs `body` with import jobs over a fresh staging folder, the jobs limited to `maximumJobBytes`.
    static func withJobs(maximumJobBytes: Int64 = 1 << 30, _ body: (ImportJobs, URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-import-upload-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var limits = ImportJobs.Limits()
        limits.maximumJobBytes = maximumJobBytes
        let jobs = try ImportJobs(
            directory: directory, limits: limits, storage: FailingStorage(), clock: TestClock(), identifiers: IncrementingIdentifiers(),
            logger: .quiet)
        try await body(jobs, directory)
    }

    static func stream(_ chunks: [[UInt8]]) -> AsyncThrowingStream<[UInt8], any Error> {
        AsyncThrowingStream { continuation in
            for chunk in chunks { continuation.yield(chunk) }
            continuation.finish()
        }
    }

    /// Every regular file under `folder`, by path relative to it.
    static func files(under folder: URL) -> [String] {
        let base = folder.standardizedFileURL.path + "/"
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        var found: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            found.append(String(url.standardizedFileURL.path.dropFirst(base.count)))
        }
        return found.sorted()
    }

    // MARK: Tests

    @Test func anUploadIsStagedUnderItsNameAndCounted() async throws {
        try await Self.withJobs { jobs, directory in
            let application = TestApplication.fakeApplication
            let job = try await jobs.create(application: application, isDryRun: true, conflict: .skip, createdBy: "ops@example.com")

            let file = try await jobs.upload(
                job.id, applicationId: application.applicationId, kind: .export, name: "relations/Post.json", declaredLength: 14,
                body: Self.stream([Array(#"{"results""#.utf8), Array(":[]}".utf8)]))

            #expect(file.name == "relations/Post.json" && file.size == 14 && file.kind == .export && file.className == "Post")
            #expect(try await jobs.job(job.id, applicationId: application.applicationId).stagedBytes == 14)
            #expect(Self.files(under: directory) == ["\(job.id)/export/relations/Post.json"])
        }
    }

    @Test func anUploadOverTheLimitIsRefusedAndLeavesNothing() async throws {
        try await Self.withJobs(maximumJobBytes: 10) { jobs, directory in
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
            #expect(Self.files(under: directory) == [])
        }
    }

    @Test func aFailingBodyLeavesNothingAndABadNameIsRefused() async throws {
        struct Broken: Error {}
        try await Self.withJobs { jobs, directory in
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

            #expect(try await jobs.job(job.id, applicationId: application.applicationId).stagedBytes == 0)
            #expect(Self.files(under: directory) == [])
        }
    }
}
