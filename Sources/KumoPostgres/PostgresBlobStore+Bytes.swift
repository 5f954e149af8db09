import KumoStorage
import NIOCore
import PostgresNIO

/// The two statements of the blob store that carry `bytea` values, which ``SQLValue`` does not model.
extension PostgresTransaction {
    /// Inserts one chunk of a blob.
    func insertBlobChunk(applicationId: String, blobId: String, index: Int32, bytes: ArraySlice<UInt8>) async throws {
        var bindings = PostgresBindings(capacity: 4)
        bindings.append(applicationId)
        bindings.append(blobId)
        bindings.append(index)
        bindings.append(ByteBuffer(bytes: bytes))
        let sql = "INSERT INTO blob_chunks (application_id, blob_id, chunk_index, data) VALUES ($1, $2, $3, $4)"
        _ = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger).collect()
    }

    /// The bytes `[start, end)` of a blob whose chunks all hold `chunkSize` bytes but the last: each chunk row that
    /// overlaps the range is cut in SQL, so only the asked bytes cross the wire.
    func blobBytes(applicationId: String, blobId: String, start: Int64, end: Int64, chunkSize: Int64) async throws -> [UInt8] {
        var bindings = PostgresBindings(capacity: 7)
        bindings.append(applicationId)
        bindings.append(blobId)
        bindings.append(start)
        bindings.append(end)
        bindings.append(chunkSize)
        bindings.append(Int32(clamping: start / chunkSize))
        bindings.append(Int32(clamping: (end - 1) / chunkSize))
        // In a chunk starting at `chunk_index * size`, the range covers bytes `from` (1-based) … `to` of its data.
        let sql = """
            SELECT substring(data
                FROM (greatest($3 - chunk_index::bigint * $5, 0) + 1)::integer
                FOR (least($4 - chunk_index::bigint * $5, length(data)::bigint) - greatest($3 - chunk_index::bigint * $5, 0))::integer
            ) AS data
            FROM blob_chunks
            WHERE application_id = $1 AND blob_id = $2 AND chunk_index BETWEEN $6 AND $7
            ORDER BY chunk_index
            """
        let rows = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(end - start))
        for try await row in rows {
            var buffer = try row.decode(ByteBuffer.self)
            bytes += buffer.readBytes(length: buffer.readableBytes) ?? []
        }
        guard bytes.count == Int(end - start) else {
            throw StorageError.unavailable("The chunks of blob \(blobId) do not add up to its size.")
        }
        return bytes
    }
}
