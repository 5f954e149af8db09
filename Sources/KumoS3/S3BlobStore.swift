import Foundation
package import KumoStorage
package import NCMBWire

/// `BlobStore` on an S3-compatible object store (docs/decisions/0132-file-bytes-on-s3.md): one object per committed
/// blob at `<prefix><applicationId>/<blobId>`, so several instances on one PostgreSQL share the bytes and the
/// database stays small.
///
/// A blob becomes visible only when it is complete: a small one is one `PutObject` at commit, a large one a multipart
/// upload whose `CompleteMultipartUpload` is the commit, so the bytes-before-metadata order of decision 0034 holds
/// (the object exists, durably, before the file's metadata is written). Memory holds at most one part per upload.
/// An upload that fails or is abandoned is aborted; one cut off by a crash is an unfinished multipart upload that
/// ``deleteAbandonedUploads(startedBefore:)`` aborts, so no orphan bytes remain.
package struct S3BlobStore: BlobStore {
    /// The client of the bucket.
    package let client: S3Client
    /// The size of every part of a multipart upload but the last (S3's minimum is 5 MiB).
    package let partSize: Int

    /// The default part size: 8 MiB.
    package static let defaultPartSize = 8 * 1024 * 1024

    /// A store over `client`'s bucket and prefix.
    package init(client: S3Client, partSize: Int = S3BlobStore.defaultPartSize) {
        self.client = client
        self.partSize = max(partSize, 5 * 1024 * 1024)
    }

    /// The key of a blob, or `nil` when the ids cannot name one.
    func key(applicationId: String, blobId: String) -> String? {
        guard BlobIdentifier.isUsableApplicationId(applicationId), BlobIdentifier.isValid(blobId) else { return nil }
        return client.location.key("\(applicationId)/\(blobId)")
    }

    package func makeWriter(applicationId: String) async throws -> any BlobWriter {
        try await makeWriter(applicationId: applicationId, blobId: BlobIdentifier.random())
    }

    package func makeWriter(applicationId: String, blobId: String) async throws -> any BlobWriter {
        guard let key = key(applicationId: applicationId, blobId: blobId) else {
            throw StorageError.unavailable("The application id \(applicationId) or blob id \(blobId) cannot name a blob.")
        }
        return S3BlobWriter(blobId: blobId, key: key, client: client, partSize: partSize)
    }

    package func read(applicationId: String, blobId: String, offset: Int64, length: Int) async throws -> [UInt8] {
        guard let key = key(applicationId: applicationId, blobId: blobId) else { throw StorageError.notFound }
        let start = max(offset, 0)
        guard length > 0 else {
            guard try await size(applicationId: applicationId, blobId: blobId) != nil else { throw StorageError.notFound }
            return []
        }
        do {
            guard let bytes = try await client.getObject(key: key, range: start...(start + Int64(length) - 1)) else {
                throw StorageError.notFound
            }
            return bytes
        } catch let error as S3Error {
            throw StorageError.unavailable(error.description)
        }
    }

    package func size(applicationId: String, blobId: String) async throws -> Int64? {
        guard let key = key(applicationId: applicationId, blobId: blobId) else { return nil }
        return try await unavailableOnFailure { try await client.headObject(key: key) }
    }

    package func delete(applicationId: String, blobId: String) async throws {
        guard let key = key(applicationId: applicationId, blobId: blobId) else { return }
        try await unavailableOnFailure { try await client.deleteObject(key: key) }
    }

    package func committedBlobIds(applicationId: String, committedBefore date: WireDate, limit: Int) async throws -> [String] {
        guard BlobIdentifier.isUsableApplicationId(applicationId), limit > 0 else { return [] }
        let folder = client.location.key("\(applicationId)/")
        let cutoff = Date(timeIntervalSince1970: Double(date.millisecondsSince1970) / 1000)
        var blobs: [(blobId: String, committedAt: Date)] = []
        var token: String?
        repeat {
            let page = try await unavailableOnFailure { try await client.listObjects(prefix: folder, continuationToken: token) }
            for object in page.objects {
                let blobId = String(object.key.dropFirst(folder.count))
                guard BlobIdentifier.isValid(blobId), let modified = object.lastModified, modified < cutoff else { continue }
                blobs.append((blobId, modified))
            }
            token = page.next
        } while token != nil
        blobs.sort { ($0.committedAt, $0.blobId) < ($1.committedAt, $1.blobId) }
        return blobs.prefix(limit).map(\.blobId)
    }

    package func deleteAbandonedUploads(startedBefore date: WireDate) async throws -> Int {
        let cutoff = Date(timeIntervalSince1970: Double(date.millisecondsSince1970) / 1000)
        let uploads = try await unavailableOnFailure { try await client.listMultipartUploads(prefix: client.location.prefix) }
        var count = 0
        for upload in uploads {
            guard let initiated = upload.initiated, initiated < cutoff else { continue }
            try await unavailableOnFailure { try await client.abortMultipartUpload(key: upload.key, uploadId: upload.uploadId) }
            count += 1
        }
        return count
    }

    /// Checks that the bucket can be written, read and deleted from: writes, reads back and deletes a small probe
    /// object below the prefix. `kumo serve` calls it before it starts, so a wrong secret or a missing bucket stops it
    /// with a message naming the endpoint and the bucket.
    package func checkAccess() async throws {
        let key = client.location.key(".kumo-check/\(BlobIdentifier.random())")
        let probe = Array("kumo storage check".utf8)
        try await client.putObject(key: key, bytes: probe)
        let back = try await client.getObject(key: key, range: 0...Int64(probe.count - 1))
        try await client.deleteObject(key: key)
        guard back == probe else {
            throw S3Error(
                status: 200, code: "ReadBackDiffers", message: "the probe object read back differs from what was written",
                operation: "GetObject", key: key, location: client.location)
        }
    }

    /// Runs `body`, turning an S3 failure into `StorageError.unavailable` (E503001 for a request).
    func unavailableOnFailure<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let error as S3Error {
            throw StorageError.unavailable(error.description)
        }
    }
}

/// Writes one blob: parts of ``S3BlobStore/partSize`` go up as they fill; commit sends the rest (one `PutObject`
/// when no part was needed) and completes the upload.
final class S3BlobWriter: BlobWriter, @unchecked Sendable {
    // One upload is driven by one task (the `BlobWriter` contract), so the mutable state needs no lock.
    let blobId: String
    let key: String
    let client: S3Client
    let partSize: Int
    var buffer: [UInt8] = []
    var uploadId: String?
    var parts: [(number: Int, etag: String)] = []
    var written: Int64 = 0
    var finished = false

    init(blobId: String, key: String, client: S3Client, partSize: Int) {
        self.blobId = blobId
        self.key = key
        self.client = client
        self.partSize = partSize
    }

    func write(_ bytes: [UInt8]) async throws {
        guard !finished else { throw StorageError.unavailable("The upload of blob \(blobId) has ended.") }
        buffer += bytes
        written += Int64(bytes.count)
        while buffer.count >= partSize {
            let part = Array(buffer.prefix(partSize))
            buffer.removeFirst(partSize)
            try await upload(part)
        }
    }

    func commit() async throws -> Int64 {
        guard !finished else { throw StorageError.unavailable("The upload of blob \(blobId) has ended.") }
        do {
            if let uploadId {
                if !buffer.isEmpty || parts.isEmpty { try await upload(buffer) }
                try await client.completeMultipartUpload(key: key, uploadId: uploadId, parts: parts)
            } else {
                try await client.putObject(key: key, bytes: buffer)
            }
        } catch let error as S3Error {
            await abort()
            throw StorageError.unavailable(error.description)
        }
        finished = true
        buffer = []
        return written
    }

    func abort() async {
        finished = true
        buffer = []
        guard let uploadId else { return }
        self.uploadId = nil
        try? await client.abortMultipartUpload(key: key, uploadId: uploadId)
    }

    /// Uploads one part, starting the multipart upload first when needed.
    private func upload(_ part: [UInt8]) async throws {
        do {
            let uploadId = try await existingOrNewUpload()
            let number = parts.count + 1
            parts.append((number, try await client.uploadPart(key: key, uploadId: uploadId, number: number, bytes: part)))
        } catch let error as S3Error {
            await abort()
            throw StorageError.unavailable(error.description)
        }
    }

    private func existingOrNewUpload() async throws -> String {
        if let uploadId { return uploadId }
        let created = try await client.createMultipartUpload(key: key)
        uploadId = created
        return created
    }
}
