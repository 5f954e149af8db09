/// One storage engine: the set of stores a Kumo server needs (docs/architecture.md#storage-model).
///
/// Engines (`KumoSQLite`, later `KumoPostgres`) implement every store with the same semantics; the server sees only
/// these protocols.
package protocol StorageBackend: Sendable {
    /// Applications and their keys.
    var applications: any ApplicationStore { get }
    /// Objects of every class.
    var objects: any ObjectStore { get }
    /// Sessions, credentials, one-time tokens and role membership.
    var accounts: any AccountStore { get }
    /// The bytes of uploaded files.
    var blobs: any BlobStore { get }
    /// The push delivery queue.
    var pushJobs: any PushJobStore { get }
    /// The latest outcome of each device a push was sent to (docs/decisions/0082-per-device-push-outcomes.md).
    var pushOutcomes: any PushOutcomeStore { get }
    /// The first answers of requests that carried an idempotency key (docs/decisions/0133-idempotency-keys.md).
    var idempotency: any IdempotencyStore { get }
    /// The dashboard's import jobs, shared by the instances on the database
    /// (docs/decisions/0155-import-jobs-in-the-database.md).
    var importJobs: any ImportJobStore { get }
    /// Whole-application reads and writes for `kumo import` and `kumo export`.
    var bulk: any BulkStore { get }
    /// Runs `body` with a storage whose every call is part of one transaction: all of its writes commit together
    /// when `body` returns, none when it throws (the transactional batch, docs/decisions/0056-transactional-batch.md).
    ///
    /// Inside `body`, each write of the given storage is atomic on its own too (a savepoint), reads see the writes made
    /// before them, and file bytes (`blobs`) are not transactional. `body` must not call this storage (`self`): on
    /// SQLite its single writer is busy with the transaction.
    ///
    /// - Returns: What `body` returns, once the transaction committed.
    func transaction<Value: Sendable>(_ body: @escaping @Sendable (any StorageBackend) async throws -> Value) async throws -> Value
    /// Deployed scripts and their execution log.
    var scripts: any ScriptStore { get }
    /// Indexes on user fields and the index advisor's records.
    var indexes: any IndexStore { get }
    /// Dashboard administrators, their sessions, the audit log and the setup token (docs/dashboard.md).
    var admins: any AdminStore { get }
    /// The committed writes, in commit order, for the realtime module (docs/architecture.md#change-feed); `nil` when
    /// the storage publishes none.
    var changeFeed: ChangeFeed? { get }
    /// Checks that the engine answers a trivial read (used by `/ready`).
    func checkHealth() async throws
    /// Finishes queued writes and closes connections; later calls fail with `StorageError.unavailable`.
    func close() async throws
}

extension StorageBackend {
    /// No change feed unless the storage publishes one.
    package var changeFeed: ChangeFeed? { nil }
}
