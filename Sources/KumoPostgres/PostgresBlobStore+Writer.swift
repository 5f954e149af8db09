import KumoStorage
import NCMBWire

/// Writes one blob of a ``PostgresBlobStore``: buffers up to one chunk, inserts each full chunk in its own statement,
/// and commits by inserting the last chunk and stamping `committed_at` and `size` on the `blobs` row.
///
/// An actor, so the buffer and the state are only touched from one call at a time. A writer dropped without
/// ``commit()`` or ``abort()`` leaves an uncommitted row that `deleteAbandonedUploads` removes later.
actor PostgresBlobWriter: BlobWriter {
    /// Where the writer is in its life.
    private enum State {
        /// Accepting bytes.
        case open
        /// Committed or thrown away: nothing more to do.
        case finished
    }

    nonisolated let blobId: String
    private let store: PostgresBlobStore
    private let applicationId: String
    private var state = State.open
    /// The bytes of the chunk being filled (never more than one chunk).
    private var buffer: [UInt8] = []
    /// The index of the chunk being filled.
    private var chunkIndex: Int32 = 0
    /// The bytes written so far, buffered ones included.
    private var size: Int64 = 0

    init(store: PostgresBlobStore, applicationId: String, blobId: String) {
        self.store = store
        self.applicationId = applicationId
        self.blobId = blobId
    }

    func write(_ bytes: [UInt8]) async throws {
        guard case .open = state else { throw StorageError.unavailable("The blob \(blobId) is no longer being written.") }
        let chunkSize = PostgresBlobStore.chunkSize
        var position = bytes.startIndex
        while position < bytes.endIndex {
            if buffer.isEmpty && bytes.endIndex - position >= chunkSize {
                // A whole chunk straight from the caller's bytes, without copying it into the buffer.
                try await insert(bytes[position..<(position + chunkSize)])
                position += chunkSize
                continue
            }
            let taken = min(chunkSize - buffer.count, bytes.endIndex - position)
            if buffer.capacity < chunkSize { buffer.reserveCapacity(chunkSize) }
            buffer.append(contentsOf: bytes[position..<(position + taken)])
            position += taken
            if buffer.count == chunkSize {
                try await insert(buffer[...])
                buffer.removeAll(keepingCapacity: true)
            }
        }
        size += Int64(bytes.count)
    }

    func commit() async throws -> Int64 {
        guard case .open = state else { throw StorageError.unavailable("The blob \(blobId) is no longer being written.") }
        if !buffer.isEmpty {
            try await insert(buffer[...])
            buffer = []
        }
        let committedAt = store.now().millisecondsSince1970
        let values: [SQLValue] = [.text(applicationId), .text(blobId), .integer(committedAt), .integer(size)]
        let updated = try await store.database.write { transaction in
            try await transaction.rows(
                """
                UPDATE blobs SET committed_at = $3, size = $4
                WHERE application_id = $1 AND blob_id = $2 AND committed_at IS NULL RETURNING blob_id
                """, values
            ).count
        }
        guard updated == 1 else {
            throw StorageError.unavailable("The upload of blob \(blobId) was removed before its commit (abandoned).")
        }
        state = .finished
        return size
    }

    func abort() async {
        guard case .open = state else { return }
        state = .finished
        buffer = []
        let values: [SQLValue] = [.text(applicationId), .text(blobId)]
        _ = try? await store.database.single { transaction in
            try await transaction.execute(
                "DELETE FROM blobs WHERE application_id = $1 AND blob_id = $2 AND committed_at IS NULL", values)
        }
    }

    /// Inserts the next chunk.
    private func insert(_ bytes: ArraySlice<UInt8>) async throws {
        let index = chunkIndex
        let owner = (applicationId, blobId)
        try await store.database.single { transaction in
            try await transaction.insertBlobChunk(applicationId: owner.0, blobId: owner.1, index: index, bytes: bytes)
        }
        chunkIndex += 1
    }
}
