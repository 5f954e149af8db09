import KumoMemberwise

/// An engine whose file bytes live in another ``BlobStore`` (an S3-compatible bucket, `kumo serve --file-storage`):
/// every store is the engine's but ``blobs``, also inside transactions (docs/decisions/0132-file-bytes-on-s3.md).
@PackageMemberwiseInit
package struct StorageWithBlobStore: StorageBackend {
    /// The engine.
    package let engine: any StorageBackend
    /// Where file bytes go instead of the engine's own store.
    package let blobs: any BlobStore

    package var applications: any ApplicationStore { engine.applications }
    package var objects: any ObjectStore { engine.objects }
    package var accounts: any AccountStore { engine.accounts }
    package var pushJobs: any PushJobStore { engine.pushJobs }
    package var pushOutcomes: any PushOutcomeStore { engine.pushOutcomes }
    package var idempotency: any IdempotencyStore { engine.idempotency }
    package var importJobs: any ImportJobStore { engine.importJobs }
    package var bulk: any BulkStore { engine.bulk }
    package var scripts: any ScriptStore { engine.scripts }
    package var indexes: any IndexStore { engine.indexes }
    package var admins: any AdminStore { engine.admins }
    package var changeFeed: ChangeFeed? { engine.changeFeed }

    package func transaction<Value: Sendable>(_ body: @escaping @Sendable (any StorageBackend) async throws -> Value) async throws
        -> Value
    {
        let blobs = blobs
        return try await engine.transaction { inner in try await body(StorageWithBlobStore(engine: inner, blobs: blobs)) }
    }

    package func checkHealth() async throws { try await engine.checkHealth() }

    package func close() async throws { try await engine.close() }
}
