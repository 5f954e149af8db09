import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// A `BlobWriter` that records what happens to it, in order, into a shared log.
final class RecordingBlobWriter: BlobWriter {
    let blobId: String
    let log: LockedBox<[String]>
    let failWrites: Bool

    init(blobId: String = "blob1", log: LockedBox<[String]>, failWrites: Bool = false) {
        self.blobId = blobId
        self.log = log
        self.failWrites = failWrites
    }

    func write(_ bytes: [UInt8]) async throws {
        log.mutate { $0.append("write \(bytes.count)") }
        if failWrites { throw StorageError.unavailable("disk full") }
    }

    func commit() async throws -> Int64 {
        log.mutate { $0.append("commit") }
        return log.get().reduce(0) { total, entry in
            entry.hasPrefix("write ") ? total + (Int64(entry.dropFirst(6)) ?? 0) : total
        }
    }

    func abort() async { log.mutate { $0.append("abort") } }
}

/// The files controller over storage fakes that fail on any call a test did not expect: the order of blob and metadata
/// writes, no orphan bytes on any failure, class-level permissions, and download failures before the first byte.
@Suite struct FilesControllerFakeStorageTests {
    static let fileObject = StoredObject(
        objectId: "0000000000000001", createDate: TestClock.start, updateDate: TestClock.start, acl: .publicReadWrite,
        fields: ["fileName": "a.txt", "mimeType": "text/plain", "fileSize": 600_000, "blobId": "blob1"])

    /// A storage whose blob store hands out a `RecordingBlobWriter` logging into `log`.
    static func storage(log: LockedBox<[String]>, settings: ApplicationSettings = ApplicationSettings(), failWrites: Bool = false)
        -> FailingStorage
    {
        var storage = UserTests.storage(settings: settings)
        storage.blobStore.onMakeWriter = { _ in RecordingBlobWriter(log: log, failWrites: failWrites) }
        return storage
    }

    func upload(_ storage: FailingStorage, data: [UInt8] = Array("hello".utf8)) async throws -> TestResponse {
        let form = MultipartForm(fileName: "a.txt", mimeType: "text/plain", data: data)
        return try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                try await requester.sendBytes(.post, FileTests.path + "/a.txt", body: form.encodedBytes(), contentType: form.contentType)
            }
        }
    }

    func send(_ storage: FailingStorage, _ method: HTTPRequest.Method, _ target: String, body: String? = nil) async throws -> TestResponse {
        try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in try await requester.send(method, target, body: body) }
        }
    }

    // MARK: Upload

    @Test func uploadWritesTheBytesInLargeChunksCommitsThenCreatesTheMetadata() async throws {
        let log = LockedBox<[String]>([])
        var storage = Self.storage(log: log)
        let received = LockedBox<NewObject?>(nil)
        storage.objectStore.onCreate = { object in
            log.mutate { $0.append("create") }
            received.set(object)
            return StoredObject(objectId: object.key.objectId, createDate: object.createDate, updateDate: object.createDate, acl: object.acl, fields: [:])
        }

        let response = try await upload(storage, data: FileTests.pattern(600_000))

        let object = try #require(received.get())
        #expect(response.status == .created)
        #expect(response.text == #"{"createDate":"2009-02-13T23:31:30.000Z","fileName":"a.txt"}"#)
        #expect(log.get().last == "create")
        #expect(log.get().dropLast().last == "commit")
        #expect(log.get().filter { $0.hasPrefix("write") }.dropLast().allSatisfy { (Int($0.dropFirst(6)) ?? 0) >= 256 * 1024 })
        #expect(object.key.className == .file)
        #expect(object.acl == .publicReadWrite)
        #expect(object.operations.map(\.0.rawValue) == ["fileName", "mimeType", "fileSize", "blobId"])
        #expect(object.operations.map(\.1) == [.set("a.txt"), .set("text/plain"), .set(.integer(600_000)), .set("blob1")])
    }

    @Test func aTakenNameDeletesTheCommittedBlobAndAnswers409() async throws {
        let log = LockedBox<[String]>([])
        var storage = Self.storage(log: log)
        storage.objectStore.onCreate = { _ in throw StorageError.duplicate(field: "fileName") }
        storage.blobStore.onDelete = { _, blobId in log.mutate { $0.append("delete \(blobId)") } }

        let response = try await upload(storage)

        #expect(response.text == #"{"code":"E409001","error":"fileName is duplication."}"#)
        #expect(log.get() == ["write 5", "commit", "delete blob1"])
    }

    @Test func aMetadataFailureDeletesTheCommittedBlob() async throws {
        let log = LockedBox<[String]>([])
        var storage = Self.storage(log: log)
        storage.objectStore.onCreate = { _ in throw StorageError.unavailable("database locked") }
        storage.blobStore.onDelete = { _, blobId in log.mutate { $0.append("delete \(blobId)") } }

        let response = try await upload(storage)

        #expect(response.errorCode == "E503001")
        #expect(log.get() == ["write 5", "commit", "delete blob1"])
    }

    @Test func aFailedWriteAbortsTheBlobAndCreatesNoMetadata() async throws {
        let log = LockedBox<[String]>([])
        let storage = Self.storage(log: log, failWrites: true)

        let response = try await upload(storage)

        #expect(response.errorCode == "E503001")
        #expect(log.get() == ["write 5", "abort"])
    }

    @Test func aFileGrowingPastTheLimitAbortsTheBlob() async throws {
        let log = LockedBox<[String]>([])
        var settings = ApplicationSettings()
        settings.maximumFileSize = 300_000
        let storage = Self.storage(log: log, settings: settings)

        let response = try await upload(storage, data: FileTests.pattern(400_000))

        #expect(response.text == #"{"code":"E413001","error":"File size Limit error."}"#)
        #expect(log.get().last == "abort")
        #expect(!log.get().contains("commit"))
    }

    @Test func aDeclaredLengthFarOverTheLimitIsRefusedBeforeAnyBlobIsStarted() async throws {
        var settings = ApplicationSettings()
        settings.maximumFileSize = 10
        let storage = UserTests.storage(settings: settings)

        let response = try await upload(storage, data: FileTests.pattern(200_000))

        #expect(response.text == #"{"code":"E413001","error":"File size Limit error."}"#)
    }

    @Test func anUnsupportedContentTypeIsRefusedBeforeStorageIsTouched() async throws {
        let storage = UserTests.storage()

        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                try await requester.sendBytes(.post, FileTests.path + "/a.txt", body: FileTests.m2, contentType: "application/octet-stream")
            }
        }

        #expect(response.errorCode == "E415001")
    }

    // MARK: Class-level permissions

    @Test(arguments: [
        (ObjectOperation.create, HTTPRequest.Method.post, "/a.txt"), (.get, .get, "/a.txt"), (.update, .put, "/a.txt"),
        (.delete, .delete, "/a.txt"), (.find, .get, ""),
    ])
    func aClassLevelRefusalAnswers403BeforeAnyFileIsTouched(
        operation: ObjectOperation, method: HTTPRequest.Method, suffix: String
    ) async throws {
        var storage = UserTests.storage()
        storage.applicationStore.onClassPermissions = { _ in
            [.file: ClassPermissions([operation: OperationPermission(isPublic: false, allowsAuthenticatedUsers: true)])]
        }
        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                if method == .post {
                    return try await requester.sendBytes(.post, FileTests.path + suffix, body: FileTests.m2, contentType: FileTests.contentType)
                }
                return try await requester.send(method, FileTests.path + suffix, body: method == .put ? #"{"acl":{}}"# : nil)
            }
        }

        #expect(response.text == #"{"code":"E403001","error":"No access with ACL."}"#)
    }

    // MARK: Download

    @Test func aDownloadReadsTheBlobIn256KiBChunksForTheSignatureAndAgainForTheBody() async throws {
        var storage = UserTests.storage()
        storage.objectStore.onFind = { request, access in
            #expect(request.className == .file)
            #expect(request.parameters.limit == 1)
            #expect(access == .anonymous)
            return FoundObjects(objects: [Self.fileObject])
        }
        let reads = LockedBox<[Int64]>([])
        let data = FileTests.pattern(600_000)
        storage.blobStore.onRead = { _, blobId, offset, length in
            #expect(blobId == "blob1")
            reads.mutate { $0.append(offset) }
            return Array(data[Int(offset)..<min(data.count, Int(offset) + length)])
        }

        let response = try await send(storage, .get, FileTests.path + "/a.txt")

        #expect(response.status == .ok)
        #expect(Array(response.body.readableBytesView) == data)
        #expect(reads.get() == [0, 262_144, 524_288, 0, 262_144, 524_288])
    }

    @Test(arguments: [
        (StorageError.notFound, #"{"code":"E404001","error":"No data available."}"#),
        (StorageError.unavailable("disk gone"), #"{"code":"E503001","error":"Service unavailable."}"#),
    ])
    func aBlobFailureBeforeTheFirstByteAnswersErrorJSON(error: StorageError, expected: String) async throws {
        var storage = UserTests.storage()
        storage.objectStore.onFind = { _, _ in FoundObjects(objects: [Self.fileObject]) }
        storage.blobStore.onRead = { _, _, _, _ in throw error }

        let response = try await send(storage, .get, FileTests.path + "/a.txt")

        #expect(response.text == expected)
        #expect(response.header("X-NCMB-Response-Signature") != nil)
    }

    @Test func aBlobShorterThanItsMetadataAnswersAnErrorNotTruncatedBytes() async throws {
        var storage = UserTests.storage()
        storage.objectStore.onFind = { _, _ in FoundObjects(objects: [Self.fileObject]) }
        storage.blobStore.onRead = { _, _, offset, _ in offset == 0 ? [1, 2, 3] : [] }

        let response = try await send(storage, .get, FileTests.path + "/a.txt")

        #expect(response.errorCode == "E503001")
    }

    // MARK: Delete

    @Test func deleteRemovesTheMetadataWithTheCallersAccessThenTheBlob() async throws {
        let log = LockedBox<[String]>([])
        var storage = UserTests.storage()
        storage.objectStore.onFind = { _, _ in FoundObjects(objects: [Self.fileObject]) }
        storage.objectStore.onDelete = { key, _ in log.mutate { $0.append("delete object \(key.objectId)") } }
        storage.blobStore.onDelete = { _, blobId in log.mutate { $0.append("delete blob \(blobId)") } }

        let response = try await send(storage, .delete, FileTests.path + "/a.txt")

        #expect(response.status == .ok)
        #expect(log.get() == ["delete object 0000000000000001", "delete blob blob1"])
    }

    @Test func aDeniedDeleteKeepsTheBlob() async throws {
        var storage = UserTests.storage()
        storage.objectStore.onFind = { _, _ in FoundObjects(objects: [Self.fileObject]) }
        storage.objectStore.onDelete = { _, _ in throw StorageError.denied }

        let response = try await send(storage, .delete, FileTests.path + "/a.txt")

        #expect(response.text == #"{"code":"E403001","error":"No access with ACL."}"#)
    }
}
