/// The stores both SQL engines run, built once over an ``SQLEngine`` (docs/architecture.md#storage-model).
///
/// `SQLiteStorage`, `PostgresStorage` and ``SQLUnitStorage`` (one transaction of either) each hold one and conform to
/// ``SQLStorageBackend``, which answers every store of ``StorageBackend`` from it; an engine adds only its file bytes,
/// its transactions, its health check and its closing. Adding a store touches ``StorageBackend``, this list and
/// ``SQLStorageBackend``.
package final class SQLStorage: Sendable {
    /// Applications and their keys.
    package let applications: any ApplicationStore
    /// Objects of every class.
    package let objects: any ObjectStore
    /// Sessions, credentials, one-time tokens and role membership.
    package let accounts: any AccountStore
    /// The push delivery queue.
    package let pushJobs: any PushJobStore
    /// The latest outcome of each device a push was sent to.
    package let pushOutcomes: any PushOutcomeStore
    /// The first answers of requests that carried an idempotency key (docs/decisions/0133-idempotency-keys.md).
    package let idempotency: any IdempotencyStore
    /// The dashboard's import jobs (docs/decisions/0155-import-jobs-in-the-database.md).
    package let importJobs: any ImportJobStore
    /// Whole-application reads and writes (import, export).
    package let bulk: any BulkStore
    /// Deployed scripts and their execution log.
    package let scripts: any ScriptStore
    /// Indexes on user fields and the index advisor's records.
    package let indexes: any IndexStore
    /// Dashboard administrators, their sessions, the audit log and the setup token.
    package let admins: any AdminStore
    /// What the stores were built with.
    package let options: SQLStoreOptions

    /// Builds every store over `engine`.
    ///
    /// - Parameters:
    ///   - engine: The engine's connection handling: the whole storage, or one open transaction (``SQLUnitStorage``).
    ///   - options: The slow query recorder and the object limits (the engine applies the read budget).
    package init<Engine: SQLEngine>(engine: Engine, options: SQLStoreOptions = SQLStoreOptions()) {
        self.options = options
        self.applications = SQLApplicationStore(engine: engine)
        self.objects = SQLObjectStore(engine: engine, slowQueries: options.slowQueries, limits: options.objectLimits)
        self.accounts = SQLAccountStore(engine: engine)
        self.pushJobs = SQLPushJobStore(engine: engine)
        self.pushOutcomes = SQLPushOutcomeStore(engine: engine)
        self.idempotency = SQLIdempotencyStore(engine: engine)
        self.importJobs = SQLImportJobStore(engine: engine)
        self.bulk = SQLBulkStore(engine: engine, limits: options.objectLimits)
        self.scripts = SQLScriptStore(engine: engine)
        self.indexes = SQLIndexStore(engine: engine)
        self.admins = SQLAdminStore(engine: engine)
    }
}

/// A ``StorageBackend`` whose stores are one ``SQLStorage``: the conforming engine provides ``StorageBackend/blobs``,
/// ``StorageBackend/transaction(_:)``, ``StorageBackend/checkHealth()`` and ``StorageBackend/close()``.
package protocol SQLStorageBackend: StorageBackend {
    /// The stores, built once over the engine.
    var stores: SQLStorage { get }
}

extension SQLStorageBackend {
    /// Applications and their keys.
    package var applications: any ApplicationStore { stores.applications }
    /// Objects of every class.
    package var objects: any ObjectStore { stores.objects }
    /// Sessions, credentials, one-time tokens and role membership.
    package var accounts: any AccountStore { stores.accounts }
    /// The push delivery queue.
    package var pushJobs: any PushJobStore { stores.pushJobs }
    /// The latest outcome of each device a push was sent to.
    package var pushOutcomes: any PushOutcomeStore { stores.pushOutcomes }
    /// The first answers of requests that carried an idempotency key.
    package var idempotency: any IdempotencyStore { stores.idempotency }
    /// The dashboard's import jobs.
    package var importJobs: any ImportJobStore { stores.importJobs }
    /// Whole-application reads and writes (import, export).
    package var bulk: any BulkStore { stores.bulk }
    /// Deployed scripts and their execution log.
    package var scripts: any ScriptStore { stores.scripts }
    /// Indexes on user fields and the index advisor's records.
    package var indexes: any IndexStore { stores.indexes }
    /// Dashboard administrators, their sessions, the audit log and the setup token.
    package var admins: any AdminStore { stores.admins }
}
