import Foundation
import KumoPostgres
import KumoSQLite
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOPosix
import Testing

/// File bytes: what `DiskBlobStore` (the SQLite engine's) and the PostgreSQL in-database store must both guarantee.
@Suite struct BlobStoreConformanceTests {
    /// One mebibyte: four PostgreSQL chunks exactly.
    static let mebibyte = 1_048_576

    /// The chunk sizes uploads are written in, cycled (odd sizes that straddle the 256 KiB chunks of PostgreSQL).
    static let writeSizes = [1, 1000, 300_000, 7, 65_536, 262_145]

    /// Reads as (offset, length, expected range of the 1 MiB blob).
    static let reads: [(offset: Int64, length: Int, expected: Range<Int>)] = [
        (0, 1, 0..<1),
        (262_143, 2, 262_143..<262_145),  // across the first chunk boundary
        (262_144, 262_144, 262_144..<524_288),  // exactly the second chunk
        (100, 800_000, 100..<800_100),  // across three boundaries
        (1_048_575, 10, 1_048_575..<1_048_576),  // the last byte, cut at the end
        (1_048_576, 10, 0..<0),  // at the end
        (5_000_000, 10, 0..<0),  // past the end
        (0, 5_000_000, 0..<1_048_576),  // more than the whole blob
        (10, 0, 0..<0),  // nothing asked
    ]

    /// Deterministic pseudo-random bytes (SplitMix64), so a failure can be reproduced.
    static func bytes(_ count: Int, seed: UInt64 = 42) -> [UInt8] {
        var state = seed
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            value ^= value >> 31
            for shift in stride(from: 0, to: 64, by: 8) where bytes.count < count {
                bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            }
        }
        return bytes
    }

    /// The wall clock, shifted by `seconds`.
    static func now(_ seconds: Int64 = 0) -> WireDate {
        WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000) + seconds * 1000)
    }

    /// Writes `bytes` in chunks of the cycled sizes, commits, and returns the blob id.
    static func store(
        _ bytes: [UInt8], in blobs: any BlobStore, applicationId: String = Fixture.applicationId, sizes: [Int] = writeSizes
    ) async throws -> String {
        let writer = try await blobs.makeWriter(applicationId: applicationId)
        var position = 0
        var turn = 0
        while position < bytes.count {
            let end = min(position + sizes[turn % sizes.count], bytes.count)
            try await writer.write(Array(bytes[position..<end]))
            position = end
            turn += 1
        }
        #expect(try await writer.commit() == Int64(bytes.count))
        return writer.blobId
    }

    /// Reads a whole blob back in reads of 100 000 bytes.
    static func readAll(_ blobs: any BlobStore, applicationId: String = Fixture.applicationId, blobId: String) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let part = try await blobs.read(applicationId: applicationId, blobId: blobId, offset: Int64(bytes.count), length: 100_000)
            if part.isEmpty { return bytes }
            bytes += part
        }
    }

    /// Whether reading a blob fails with `StorageError.notFound`.
    static func isNotFound(_ blobs: any BlobStore, applicationId: String = Fixture.applicationId, blobId: String) async -> Bool {
        do {
            _ = try await blobs.read(applicationId: applicationId, blobId: blobId, offset: 0, length: 10)
            return false
        } catch StorageError.notFound {
            return true
        } catch {
            return false
        }
    }

    // MARK: Tests

    @Test(arguments: TestDatabase.engines)
    func aBlobWrittenInOddChunksReadsBackWhole(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let bytes = BlobStoreConformanceTests.bytes(BlobStoreConformanceTests.mebibyte)
            let blobId = try await BlobStoreConformanceTests.store(bytes, in: storage.blobs)

            #expect(try await BlobStoreConformanceTests.readAll(storage.blobs, blobId: blobId) == bytes)
            #expect(try await storage.blobs.size(applicationId: Fixture.applicationId, blobId: blobId) == Int64(bytes.count))
        }
    }

    @Test(arguments: TestDatabase.engines, [[1], [300_000], [262_144], [1_048_576]])
    func aBlobWrittenInEvenChunksReadsBackWhole(_ engine: StorageEngine, _ sizes: [Int]) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let bytes = BlobStoreConformanceTests.bytes(BlobStoreConformanceTests.mebibyte, seed: 7)
            let blobId = try await BlobStoreConformanceTests.store(bytes, in: storage.blobs, sizes: sizes)

            #expect(try await BlobStoreConformanceTests.readAll(storage.blobs, blobId: blobId) == bytes)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func readsReturnTheAskedSliceAcrossChunkBoundariesAndStopAtTheEnd(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let bytes = BlobStoreConformanceTests.bytes(BlobStoreConformanceTests.mebibyte)
            let blobId = try await BlobStoreConformanceTests.store(bytes, in: storage.blobs)

            for read in BlobStoreConformanceTests.reads {
                let slice = try await storage.blobs.read(
                    applicationId: Fixture.applicationId, blobId: blobId, offset: read.offset, length: read.length)
                #expect(slice == Array(bytes[read.expected]), "offset \(read.offset) length \(read.length)")
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anEmptyBlobHasSizeZeroAndReadsEmpty(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let blobId = try await BlobStoreConformanceTests.store([], in: storage.blobs)

            #expect(try await storage.blobs.size(applicationId: Fixture.applicationId, blobId: blobId) == 0)
            #expect(try await storage.blobs.read(applicationId: Fixture.applicationId, blobId: blobId, offset: 0, length: 10) == [])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anUnknownBlobIsNotFound(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let unknown = BlobIdentifier.random()

            #expect(await BlobStoreConformanceTests.isNotFound(storage.blobs, blobId: unknown))
            let size = try await storage.blobs.size(applicationId: Fixture.applicationId, blobId: unknown)

            #expect(await BlobStoreConformanceTests.isNotFound(storage.blobs, blobId: "../../etc/passwd"))
            #expect(size == nil)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anUncommittedBlobIsNeitherReadableNorListed(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let writer = try await storage.blobs.makeWriter(applicationId: Fixture.applicationId)
            try await writer.write(BlobStoreConformanceTests.bytes(300_000))

            #expect(await BlobStoreConformanceTests.isNotFound(storage.blobs, blobId: writer.blobId))
            #expect(try await storage.blobs.size(applicationId: Fixture.applicationId, blobId: writer.blobId) == nil)
            let listed = try await storage.blobs.committedBlobIds(
                applicationId: Fixture.applicationId, committedBefore: BlobStoreConformanceTests.now(3600), limit: 100)
            #expect(listed.isEmpty)
            await writer.abort()
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anAbortedBlobLeavesNothingBehind(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let writer = try await storage.blobs.makeWriter(applicationId: Fixture.applicationId)
            try await writer.write(BlobStoreConformanceTests.bytes(300_000))

            await writer.abort()
            await writer.abort()

            #expect(await BlobStoreConformanceTests.isNotFound(storage.blobs, blobId: writer.blobId))
            #expect(try await storage.blobs.deleteAbandonedUploads(startedBefore: BlobStoreConformanceTests.now(3600)) == 0)
            await #expect(throws: StorageError.self) { _ = try await writer.commit() }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func abortingAfterACommitKeepsTheBlob(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let writer = try await storage.blobs.makeWriter(applicationId: Fixture.applicationId)
            try await writer.write([1, 2, 3])
            _ = try await writer.commit()

            await writer.abort()

            let bytes = try await storage.blobs.read(applicationId: Fixture.applicationId, blobId: writer.blobId, offset: 0, length: 10)
            #expect(bytes == [1, 2, 3])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func deletingAbandonedUploadsRemovesOnlyUploadsOlderThanTheDate(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let committed = try await BlobStoreConformanceTests.store([9, 9], in: storage.blobs)
            let writer = try await storage.blobs.makeWriter(applicationId: Fixture.applicationId)
            try await writer.write([1, 2, 3])

            #expect(try await storage.blobs.deleteAbandonedUploads(startedBefore: BlobStoreConformanceTests.now(-3600)) == 0)
            #expect(try await storage.blobs.deleteAbandonedUploads(startedBefore: BlobStoreConformanceTests.now(3600)) == 1)

            await #expect(throws: StorageError.self) { _ = try await writer.commit() }
            #expect(try await storage.blobs.size(applicationId: Fixture.applicationId, blobId: committed) == 2)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aRecentUploadSurvivesTheAbandonedSweepAndCommits(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let writer = try await storage.blobs.makeWriter(applicationId: Fixture.applicationId)
            try await writer.write([1, 2, 3])

            _ = try await storage.blobs.deleteAbandonedUploads(startedBefore: BlobStoreConformanceTests.now(-3600))

            #expect(try await writer.commit() == 3)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func deletingABlobIsIdempotent(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let blobId = try await BlobStoreConformanceTests.store(BlobStoreConformanceTests.bytes(600_000), in: storage.blobs)

            try await storage.blobs.delete(applicationId: Fixture.applicationId, blobId: blobId)
            try await storage.blobs.delete(applicationId: Fixture.applicationId, blobId: blobId)
            try await storage.blobs.delete(applicationId: Fixture.applicationId, blobId: BlobIdentifier.random())

            #expect(await BlobStoreConformanceTests.isNotFound(storage.blobs, blobId: blobId))
            #expect(try await storage.blobs.size(applicationId: Fixture.applicationId, blobId: blobId) == nil)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anotherApplicationCannotSeeReadOrDeleteABlob(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let blobId = try await BlobStoreConformanceTests.store([1, 2, 3], in: storage.blobs)
            let future = BlobStoreConformanceTests.now(3600)

            #expect(await BlobStoreConformanceTests.isNotFound(storage.blobs, applicationId: "application2", blobId: blobId))
            #expect(try await storage.blobs.size(applicationId: "application2", blobId: blobId) == nil)
            #expect(try await storage.blobs.committedBlobIds(applicationId: "application2", committedBefore: future, limit: 10).isEmpty)
            try await storage.blobs.delete(applicationId: "application2", blobId: blobId)
            #expect(try await storage.blobs.size(applicationId: Fixture.applicationId, blobId: blobId) == 3)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func committedBlobsAreListedBeforeTheDateUpToTheLimit(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            var blobIds: [String] = []
            for index in 0..<3 { blobIds.append(try await BlobStoreConformanceTests.store([UInt8(index)], in: storage.blobs)) }
            let blobs = storage.blobs
            func listed(_ seconds: Int64, limit: Int) async throws -> [String] {
                try await blobs.committedBlobIds(
                    applicationId: Fixture.applicationId, committedBefore: BlobStoreConformanceTests.now(seconds), limit: limit)
            }

            #expect(try await listed(-3600, limit: 10).isEmpty)
            #expect(try await listed(3600, limit: 10).sorted() == blobIds.sorted())
            #expect(try await listed(3600, limit: 2).count == 2)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func blobIdsAreThirtyTwoLowercaseHexDigitsAndDistinct(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let first = try await storage.blobs.makeWriter(applicationId: Fixture.applicationId)
            let second = try await storage.blobs.makeWriter(applicationId: Fixture.applicationId)

            #expect(BlobIdentifier.isValid(first.blobId) && BlobIdentifier.isValid(second.blobId))
            #expect(first.blobId != second.blobId)
            await first.abort()
            await second.abort()
        }
    }
}

/// What survives a restart, and what only the disk store has to refuse.
@Suite struct BlobStoreDurabilityTests {
    @Test(arguments: TestDatabase.engines)
    func aNewStoreOnTheSameDataReadsCommittedBlobs(_ engine: StorageEngine) async throws {
        let bytes = BlobStoreConformanceTests.bytes(700_000, seed: 3)
        switch engine {
        case .sqlite:
            try await StorageUnderTest.with(.sqlite) { storage in
                let blobId = try await BlobStoreConformanceTests.store(bytes, in: storage.blobs)
                let disk = try #require(storage.blobs as? DiskBlobStore)

                let reopened = DiskBlobStore(directory: disk.directory, blockingPool: NIOBlockingWorkPool())

                #expect(try await BlobStoreConformanceTests.readAll(reopened, blobId: blobId) == bytes)
            }
        case .postgres:
            try await TestDatabase.withScratchSchema { configuration in
                let first = try await PostgresStorage.open(configuration: configuration, logger: TestDatabase.logger)
                let blobId = try await BlobStoreConformanceTests.store(bytes, in: first.blobs)
                try await first.close()

                let reopened = try await PostgresStorage.open(configuration: configuration, logger: TestDatabase.logger)
                let read = try await BlobStoreConformanceTests.readAll(reopened.blobs, blobId: blobId)
                try await reopened.close()

                #expect(read == bytes)
            }
        }
    }

    @Test(arguments: ["", "../escape", "a/b", ".uploads", ".", "..", "with\u{0}nul"])
    func theDiskStoreRefusesApplicationIdsThatAreNotPlainDirectoryNames(_ applicationId: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-blobs-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = DiskBlobStore(directory: directory, blockingPool: NIOBlockingWorkPool())

        await #expect(throws: StorageError.self) { _ = try await store.makeWriter(applicationId: applicationId) }
        #expect(try await store.size(applicationId: applicationId, blobId: BlobIdentifier.random()) == nil)
    }

    @Test func theDiskStoreRunsItsSystemCallsOnItsThreadPool() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-blobs-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let threadPool = NIOThreadPool(numberOfThreads: 1)
        threadPool.start()
        let store = DiskBlobStore(directory: directory, blockingPool: NIOBlockingWorkPool(threadPool: threadPool))
        let writer = try await store.makeWriter(applicationId: Fixture.applicationId)
        try await writer.write([1, 2, 3])

        try await threadPool.shutdownGracefully()

        // Only a call that needs the pool can notice that it has shut down.
        await #expect(throws: StorageError.self) { try await writer.write([4]) }
        await #expect(throws: StorageError.self) { _ = try await writer.commit() }
        await #expect(throws: StorageError.self) { _ = try await store.makeWriter(applicationId: Fixture.applicationId) }
        await #expect(throws: StorageError.self) { _ = try await store.size(applicationId: Fixture.applicationId, blobId: writer.blobId) }
    }

    @Test func theDiskStoreKeepsFilesPrivateToItsOwner() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-blobs-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = DiskBlobStore(directory: directory, blockingPool: NIOBlockingWorkPool())

        let blobId = try await BlobStoreConformanceTests.store([1, 2, 3], in: store)

        func permissions(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        }
        #expect(try permissions(directory + "/" + Fixture.applicationId) == 0o700)
        #expect(try permissions(directory + "/" + Fixture.applicationId + "/" + blobId) == 0o600)
        #expect(try permissions(directory + "/.uploads") == 0o700)
    }
}
