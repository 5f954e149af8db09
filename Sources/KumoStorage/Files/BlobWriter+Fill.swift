extension BlobWriter {
    /// Runs `write`, which writes this blob's bytes, then commits it; on any failure of either, aborts the blob and
    /// rethrows, so that nothing half-written is left behind.
    ///
    /// - Returns: The committed size in bytes.
    @discardableResult
    package func fill(isolation: isolated (any Actor)? = #isolation, _ write: () async throws -> Void) async throws -> Int64 {
        do {
            try await write()
            return try await commit()
        } catch {
            await abort()
            throw error
        }
    }
}
