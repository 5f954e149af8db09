import KumoMemberwise
package import NCMBWire

/// `BlobStore` on the local disk: one file per committed blob under `<directory>/<applicationId>/<blobId>`, uploads
/// written to `<directory>/.uploads/<blobId>.part` first and renamed into place after `fsync` (atomic commit). The
/// SQLite engine's default.
///
/// Directories are created owner-only (0700), files owner read-write (0600). The application id is a directory name,
/// so ids that could leave the root (`/`, `..`, NUL, a leading `.`) are refused. Commit times are the files'
/// modification times (a commit renames the staging file, whose last write is the commit), and an upload's age for
/// ``deleteAbandonedUploads(startedBefore:)`` is the time of its last write, so a slow upload still writing is kept.
///
/// Every system call runs on a thread pool (`fsync` can take long): callers run on event loops (Kumo serves each
/// connection on its loop), which must never block.
@PackageMemberwiseInit
package struct DiskBlobStore: BlobStore {
    /// The root directory of the blobs (created, with missing parents, at the first upload).
    package let directory: String
    /// Where the blocking system calls run.
    let blockingPool: any BlockingWorkPool

    /// The staging directory of uploads in progress.
    var uploadsDirectory: String { directory + "/.uploads" }

    /// The suffix of staging files.
    static let partSuffix = ".part"

    package func makeWriter(applicationId: String) async throws -> any BlobWriter {
        try await makeWriter(applicationId: applicationId, blobId: BlobIdentifier.random())
    }

    /// A writer of a blob with a given id, as a restore writes back the blobs a backup holds (the metadata objects
    /// name them); committing replaces a blob of that id.
    ///
    /// - Throws: `StorageError.unavailable` for an id that cannot name a blob.
    package func makeWriter(applicationId: String, blobId: String) async throws -> any BlobWriter {
        guard BlobIdentifier.isUsableApplicationId(applicationId), BlobIdentifier.isValid(blobId) else {
            throw StorageError.unavailable("The application id \(applicationId) or blob id \(blobId) cannot name a blob.")
        }
        let (directory, uploadsDirectory) = (directory, uploadsDirectory)
        let partPath = uploadsDirectory + "/" + blobId + DiskBlobStore.partSuffix
        let descriptor = try await blockingPool.run {
            try BlobFileSystem.makeDirectories(directory)
            if try BlobFileSystem.makeDirectory(uploadsDirectory) {
                try BlobFileSystem.synchronizeDirectory(directory)
            }
            return try BlobFileSystem.createFile(partPath)
        }
        return DiskBlobWriter(
            blobId: blobId, descriptor: descriptor, partPath: partPath, rootDirectory: directory,
            applicationDirectory: applicationDirectory(applicationId), blockingPool: blockingPool)
    }

    package func read(applicationId: String, blobId: String, offset: Int64, length: Int) async throws -> [UInt8] {
        guard let path = committedPath(applicationId: applicationId, blobId: blobId) else { throw StorageError.notFound }
        return try await blockingPool.run {
            guard let descriptor = try BlobFileSystem.openForReading(path) else { throw StorageError.notFound }
            defer { BlobFileSystem.closeQuietly(descriptor) }
            let size = try BlobFileSystem.size(descriptor)
            let start = max(offset, 0)
            guard length > 0, start < size else { return [] }
            return try BlobFileSystem.read(descriptor, offset: start, length: Int(min(Int64(length), size - start)))
        }
    }

    package func size(applicationId: String, blobId: String) async throws -> Int64? {
        guard let path = committedPath(applicationId: applicationId, blobId: blobId) else { return nil }
        return try await blockingPool.run {
            guard let descriptor = try BlobFileSystem.openForReading(path) else { return nil }
            defer { BlobFileSystem.closeQuietly(descriptor) }
            return try BlobFileSystem.size(descriptor)
        }
    }

    package func delete(applicationId: String, blobId: String) async throws {
        guard let path = committedPath(applicationId: applicationId, blobId: blobId) else { return }
        let folder = applicationDirectory(applicationId)
        try await blockingPool.run {
            if try BlobFileSystem.remove(path) {
                try BlobFileSystem.synchronizeDirectory(folder)
            }
        }
    }

    package func committedBlobIds(applicationId: String, committedBefore date: WireDate, limit: Int) async throws -> [String] {
        guard BlobIdentifier.isUsableApplicationId(applicationId), limit > 0 else { return [] }
        let folder = applicationDirectory(applicationId)
        return try await blockingPool.run {
            var blobs: [(blobId: String, committedAt: Int64)] = []
            for name in try BlobFileSystem.names(in: folder) where BlobIdentifier.isValid(name) {
                guard let committedAt = try BlobFileSystem.modificationMilliseconds(folder + "/" + name),
                    committedAt < date.millisecondsSince1970
                else { continue }
                blobs.append((name, committedAt))
            }
            blobs.sort { ($0.committedAt, $0.blobId) < ($1.committedAt, $1.blobId) }
            return blobs.prefix(limit).map(\.blobId)
        }
    }

    package func deleteAbandonedUploads(startedBefore date: WireDate) async throws -> Int {
        let uploadsDirectory = uploadsDirectory
        return try await blockingPool.run {
            var count = 0
            for name in try BlobFileSystem.names(in: uploadsDirectory) where name.hasSuffix(DiskBlobStore.partSuffix) {
                let path = uploadsDirectory + "/" + name
                guard let writtenAt = try BlobFileSystem.modificationMilliseconds(path), writtenAt < date.millisecondsSince1970
                else { continue }
                if try BlobFileSystem.remove(path) { count += 1 }
            }
            if count > 0 { try BlobFileSystem.synchronizeDirectory(uploadsDirectory) }
            return count
        }
    }

    /// The directory of an application's committed blobs (the id must have been checked).
    private func applicationDirectory(_ applicationId: String) -> String {
        directory + "/" + applicationId
    }

    /// The path of a committed blob, or `nil` when either id cannot name one.
    private func committedPath(applicationId: String, blobId: String) -> String? {
        guard BlobIdentifier.isUsableApplicationId(applicationId), BlobIdentifier.isValid(blobId) else { return nil }
        return applicationDirectory(applicationId) + "/" + blobId
    }
}
