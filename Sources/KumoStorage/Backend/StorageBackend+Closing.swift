extension StorageBackend {
    /// Runs `body` with this storage, then closes it, also when `body` throws (`body`'s error is then the one thrown).
    ///
    /// - Returns: What `body` returns.
    package func closing<Value>(after body: (Self) async throws -> Value) async throws -> Value {
        do {
            let value = try await body(self)
            try await close()
            return value
        } catch {
            try? await close()
            throw error
        }
    }
}
