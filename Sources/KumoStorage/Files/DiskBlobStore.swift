package import NCMBWire

/// `BlobStore` on the local disk: one file per committed blob under `<directory>/<applicationId>/`, uploads written to
/// a staging file first and renamed into place after `fsync` (atomic commit). The SQLite engine's default.
///
/// STUB (issue 5 contract): every call fails until the blob-store helper implements it.
package struct DiskBlobStore: BlobStore {
    /// The root directory of the blobs.
    package let directory: String

    /// Creates a store rooted at `directory` (created when missing).
    package init(directory: String) {
        self.directory = directory
    }

    package func makeWriter(applicationId: String) async throws -> any BlobWriter {
        throw StorageError.unavailable("DiskBlobStore is not implemented yet.")
    }

    package func read(applicationId: String, blobId: String, offset: Int64, length: Int) async throws -> [UInt8] {
        throw StorageError.unavailable("DiskBlobStore is not implemented yet.")
    }

    package func size(applicationId: String, blobId: String) async throws -> Int64? {
        throw StorageError.unavailable("DiskBlobStore is not implemented yet.")
    }

    package func delete(applicationId: String, blobId: String) async throws {
        throw StorageError.unavailable("DiskBlobStore is not implemented yet.")
    }

    package func committedBlobIds(applicationId: String, committedBefore date: WireDate, limit: Int) async throws -> [String] {
        throw StorageError.unavailable("DiskBlobStore is not implemented yet.")
    }

    package func deleteAbandonedUploads(startedBefore date: WireDate) async throws -> Int {
        throw StorageError.unavailable("DiskBlobStore is not implemented yet.")
    }
}
