/// One storage engine: the set of stores a Kumo server needs (architecture §7).
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
    /// Deployed scripts and their execution log.
    var scripts: any ScriptStore { get }
    /// Checks that the engine answers a trivial read (used by `/ready`).
    func checkHealth() async throws
    /// Finishes queued writes and closes connections; later calls fail with `StorageError.unavailable`.
    func close() async throws
}
