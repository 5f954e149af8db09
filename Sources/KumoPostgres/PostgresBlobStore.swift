import KumoStorage
import NCMBWire

/// `BlobStore` inside PostgreSQL (tables `blobs` and `blob_chunks`, migration 3), so several instances share files.
/// STUB (issue 5 contract): every call fails until the blob-store helper implements it.
struct PostgresBlobStore: BlobStore {
    let database: PostgresDatabase

    func makeWriter(applicationId: String) async throws -> any BlobWriter {
        throw StorageError.unavailable("PostgresBlobStore is not implemented yet.")
    }

    func read(applicationId: String, blobId: String, offset: Int64, length: Int) async throws -> [UInt8] {
        throw StorageError.unavailable("PostgresBlobStore is not implemented yet.")
    }

    func size(applicationId: String, blobId: String) async throws -> Int64? {
        throw StorageError.unavailable("PostgresBlobStore is not implemented yet.")
    }

    func delete(applicationId: String, blobId: String) async throws {
        throw StorageError.unavailable("PostgresBlobStore is not implemented yet.")
    }

    func committedBlobIds(applicationId: String, committedBefore date: WireDate, limit: Int) async throws -> [String] {
        throw StorageError.unavailable("PostgresBlobStore is not implemented yet.")
    }

    func deleteAbandonedUploads(startedBefore date: WireDate) async throws -> Int {
        throw StorageError.unavailable("PostgresBlobStore is not implemented yet.")
    }
}
