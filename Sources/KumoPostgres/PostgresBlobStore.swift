import Foundation
import KumoStorage
import NCMBWire

/// `BlobStore` inside PostgreSQL (tables `blobs` and `blob_chunks`, migration 3), so several instances share files.
///
/// A blob is a `blobs` row (`committed_at` `NULL` while written, so invisible) and chunks of ``chunkSize`` bytes (the
/// last one shorter) in `blob_chunks`. Every call is one short statement or transaction — a chunk at most — so the
/// per-call timeout holds whatever the file size, and memory holds one chunk per writer plus the bytes of one read.
struct PostgresBlobStore: BlobStore {
    /// The size of every chunk but a blob's last.
    static let chunkSize = 256 * 1024

    let database: PostgresDatabase
    /// The wall clock (milliseconds since 1970) stamped on `started_at` and `committed_at`.
    var now: @Sendable () -> WireDate = { WireDate(millisecondsSince1970: Int64((Date().timeIntervalSince1970 * 1000).rounded())) }

    func makeWriter(applicationId: String) async throws -> any BlobWriter {
        try await makeWriter(applicationId: applicationId, blobId: BlobIdentifier.random(), replacing: false)
    }

    /// A writer of a blob with a given id (`kumo files move` copies blobs under their ids): a blob of that id, committed
    /// or not, is deleted first.
    func makeWriter(applicationId: String, blobId: String) async throws -> any BlobWriter {
        guard BlobIdentifier.isValid(blobId) else {
            throw StorageError.unavailable("The blob id \(blobId) cannot name a blob.")
        }
        return try await makeWriter(applicationId: applicationId, blobId: blobId, replacing: true)
    }

    private func makeWriter(applicationId: String, blobId: String, replacing: Bool) async throws -> any BlobWriter {
        let startedAt = now().millisecondsSince1970
        try await database.single { transaction in
            if replacing {
                try await transaction.execute(
                    "DELETE FROM blobs WHERE application_id = $1 AND blob_id = $2", [.text(applicationId), .text(blobId)])
            }
            try await transaction.execute(
                "INSERT INTO blobs (application_id, blob_id, started_at) VALUES ($1, $2, $3)",
                [.text(applicationId), .text(blobId), .integer(startedAt)])
        }
        return PostgresBlobWriter(store: self, applicationId: applicationId, blobId: blobId)
    }

    func read(applicationId: String, blobId: String, offset: Int64, length: Int) async throws -> [UInt8] {
        try await database.read { transaction in
            guard let size = try await PostgresBlobStore.committedSize(applicationId: applicationId, blobId: blobId, transaction)
            else { throw StorageError.notFound }
            let start = max(offset, 0)
            guard length > 0, start < size else { return [] }
            let end = start + min(Int64(length), size - start)
            return try await transaction.blobBytes(
                applicationId: applicationId, blobId: blobId, start: start, end: end, chunkSize: Int64(PostgresBlobStore.chunkSize))
        }
    }

    func size(applicationId: String, blobId: String) async throws -> Int64? {
        try await database.single { transaction in
            try await PostgresBlobStore.committedSize(applicationId: applicationId, blobId: blobId, transaction)
        }
    }

    func delete(applicationId: String, blobId: String) async throws {
        try await database.single { transaction in
            try await transaction.execute(
                "DELETE FROM blobs WHERE application_id = $1 AND blob_id = $2 AND committed_at IS NOT NULL",
                [.text(applicationId), .text(blobId)])
        }
    }

    func committedBlobIds(applicationId: String, committedBefore date: WireDate, limit: Int) async throws -> [String] {
        guard limit > 0 else { return [] }
        return try await database.single { transaction in
            let rows = try await transaction.rows(
                """
                SELECT blob_id FROM blobs WHERE application_id = $1 AND committed_at < $2
                ORDER BY committed_at, blob_id LIMIT $3
                """,
                [.text(applicationId), .integer(date.millisecondsSince1970), .integer(Int64(limit))])
            return rows.compactMap { $0.string("blob_id") }
        }
    }

    func deleteAbandonedUploads(startedBefore date: WireDate) async throws -> Int {
        try await database.single { transaction in
            try await transaction.rows(
                "DELETE FROM blobs WHERE committed_at IS NULL AND started_at < $1 RETURNING blob_id",
                [.integer(date.millisecondsSince1970)]
            ).count
        }
    }

    /// The size of a committed blob, or `nil`.
    private static func committedSize(applicationId: String, blobId: String, _ transaction: PostgresTransaction) async throws
        -> Int64?
    {
        let rows = try await transaction.rows(
            "SELECT size FROM blobs WHERE application_id = $1 AND blob_id = $2 AND committed_at IS NOT NULL",
            [.text(applicationId), .text(blobId)])
        return rows.first?.integer("size")
    }
}
