import Foundation
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// The orphan sweep of file bytes, on real storage: blobs are stamped with the wall clock, so the sweeper's clock is
/// pinned to the wall clock and advanced past the one-hour grace period.
@Suite struct FileBlobSweeperTests {
    /// An hour and a minute, in milliseconds: past ``FileBlobSweeper/minimumAgeMilliseconds``.
    static let pastGrace: Int64 = 61 * 60_000

    /// Runs `body` with a server over `engine` whose clock starts at the wall clock.
    static func with(_ engine: StorageEngine, _ body: (TestApplication, TestClock) async throws -> Void) async throws {
        let clock = TestClock(WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000)))
        try await TestApplication.with(
            engine: engine, environment: { $0.clock = clock }, { application in try await body(application, clock) })
    }

    /// Sets `clock` to the wall clock now plus `milliseconds`. Measured from now, not from the test's start: on a busy
    /// machine a test may wait for a PostgreSQL scratch schema long after its clock was made, and blobs are stamped with
    /// the wall clock when they are written.
    static func move(_ clock: TestClock, toWallClockPlus milliseconds: Int64) {
        let target = Int64(Date().timeIntervalSince1970 * 1000) + milliseconds
        clock.advance(milliseconds: max(0, target - clock.now().millisecondsSince1970))
    }

    /// Stores a committed blob of three bytes and returns its id.
    static func storeBlob(_ application: TestApplication) async throws -> String {
        let writer = try await application.storage.blobs.makeWriter(applicationId: application.application.applicationId)
        try await writer.write([1, 2, 3])
        _ = try await writer.commit()
        return writer.blobId
    }

    /// Creates the `file` object (metadata) that references `blobId`.
    static func createFile(_ application: TestApplication, named fileName: String, blobId: String, acl: AccessControlList) async throws {
        let key = ObjectKey(applicationId: application.application.applicationId, className: .file, objectId: fileName + "Id")
        let operations: [(FieldName, FieldOperation)] = [
            (try #require(FieldName("fileName")), .set(.string(fileName))),
            (try #require(FieldName("mimeType")), .set(.string("application/octet-stream"))),
            (try #require(FieldName("fileSize")), .set(.integer(3))),
            (try #require(FieldName("blobId")), .set(.string(blobId))),
        ]
        _ = try await application.storage.objects.create(
            NewObject(key: key, createDate: application.clock.now(), operations: operations, acl: acl))
    }

    /// The size of a blob of the test application, `nil` once it is gone.
    static func size(_ application: TestApplication, _ blobId: String) async throws -> Int64? {
        try await application.storage.blobs.size(applicationId: application.application.applicationId, blobId: blobId)
    }

    // MARK: Tests

    @Test(arguments: TestDatabase.engines)
    func aSweepRemovesAnUnreferencedBlobAndKeepsAReferencedOne(_ engine: StorageEngine) async throws {
        try await FileBlobSweeperTests.with(engine) { application, clock in
            let orphan = try await FileBlobSweeperTests.storeBlob(application)
            let referenced = try await FileBlobSweeperTests.storeBlob(application)
            try await FileBlobSweeperTests.createFile(application, named: "kept.bin", blobId: referenced, acl: .publicReadWrite)
            FileBlobSweeperTests.move(clock, toWallClockPlus: FileBlobSweeperTests.pastGrace)

            let outcome = try await FileBlobSweeper(environment: application.environment).sweep()

            #expect(outcome.orphanedBlobs == 1)
            #expect(try await FileBlobSweeperTests.size(application, orphan) == nil)
            #expect(try await FileBlobSweeperTests.size(application, referenced) == 3)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aBlobReferencedByAFileNobodyMayReadIsKept(_ engine: StorageEngine) async throws {
        try await FileBlobSweeperTests.with(engine) { application, clock in
            let referenced = try await FileBlobSweeperTests.storeBlob(application)
            try await FileBlobSweeperTests.createFile(application, named: "private.bin", blobId: referenced, acl: AccessControlList())
            FileBlobSweeperTests.move(clock, toWallClockPlus: FileBlobSweeperTests.pastGrace)

            let outcome = try await FileBlobSweeper(environment: application.environment).sweep()

            #expect(outcome.orphanedBlobs == 0)
            #expect(try await FileBlobSweeperTests.size(application, referenced) == 3)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aSweepKeepsUnreferencedBlobsYoungerThanAnHour(_ engine: StorageEngine) async throws {
        try await FileBlobSweeperTests.with(engine) { application, clock in
            let young = try await FileBlobSweeperTests.storeBlob(application)
            FileBlobSweeperTests.move(clock, toWallClockPlus: 59 * 60_000)

            let outcome = try await FileBlobSweeper(environment: application.environment).sweep()

            #expect(outcome == FileBlobSweeper.Outcome(abandonedUploads: 0, orphanedBlobs: 0))
            #expect(try await FileBlobSweeperTests.size(application, young) == 3)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aSweepRemovesUploadsAbandonedForAnHourButNotRecentOnes(_ engine: StorageEngine) async throws {
        try await FileBlobSweeperTests.with(engine) { application, clock in
            let abandoned = try await application.storage.blobs.makeWriter(applicationId: application.application.applicationId)
            try await abandoned.write([1, 2, 3])
            let sweeper = FileBlobSweeper(environment: application.environment)

            #expect(try await sweeper.sweep().abandonedUploads == 0)
            FileBlobSweeperTests.move(clock, toWallClockPlus: FileBlobSweeperTests.pastGrace)
            #expect(try await sweeper.sweep().abandonedUploads == 1)

            await #expect(throws: StorageError.self) { _ = try await abandoned.commit() }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func referencesAreCheckedInBatchesAcrossManyBlobs(_ engine: StorageEngine) async throws {
        try await FileBlobSweeperTests.with(engine) { application, clock in
            var blobIds: [String] = []
            for _ in 0..<(FileBlobSweeper.batchSize + 20) { blobIds.append(try await FileBlobSweeperTests.storeBlob(application)) }
            let kept = Set(blobIds.shuffled().prefix(30))
            for (index, blobId) in kept.enumerated() {
                try await FileBlobSweeperTests.createFile(application, named: "file\(index)", blobId: blobId, acl: .publicReadWrite)
            }
            FileBlobSweeperTests.move(clock, toWallClockPlus: FileBlobSweeperTests.pastGrace)

            let outcome = try await FileBlobSweeper(environment: application.environment).sweep()

            #expect(outcome.orphanedBlobs == blobIds.count - kept.count)
            let remaining = try await application.storage.blobs.committedBlobIds(
                applicationId: application.application.applicationId, committedBefore: clock.now(), limit: 10_000)
            #expect(Set(remaining) == kept)
        }
    }
}
