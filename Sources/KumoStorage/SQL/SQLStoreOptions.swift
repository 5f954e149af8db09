import KumoMemberwise

/// What both SQL engines open their stores with beside their connections: the work budget of reads, the slow query
/// recorder and the object limits.
///
/// `SQLiteConfiguration` and `PostgresConfiguration` each hold one as ``SQLStoreConfiguration/storeOptions`` and read
/// and set its fields as their own (`configuration.readLimits = .serving`).
@PackageMemberwiseInit
package struct SQLStoreOptions: Sendable, Hashable {
    /// The work budget of reads (docs/decisions/0067-work-budget.md). Defaults to ``ReadLimits/unlimited``; `kumo serve`
    /// sets ``ReadLimits/serving``. On PostgreSQL the admission lanes default to two fewer than the most connections,
    /// and the time limit is sent as `statement_timeout` when shorter than the call timeout.
    package var readLimits: ReadLimits = .unlimited
    /// Where finds slower than its threshold are noted for the index advisor (docs/decisions/0075-index-advisor.md);
    /// `nil` notes nothing.
    package var slowQueries: SlowQueryRecorder?
    /// How large an object may become (docs/decisions/0112-linear-writes-planned-outside-the-writer.md). Defaults to
    /// ``ObjectLimits/standard``.
    package var objectLimits: ObjectLimits = .standard
}

/// An engine's configuration that holds ``SQLStoreOptions``: their fields read and set as the configuration's own.
@dynamicMemberLookup
package protocol SQLStoreConfiguration {
    /// The options of the stores.
    var storeOptions: SQLStoreOptions { get set }
}

extension SQLStoreConfiguration {
    /// A field of ``storeOptions``, as in `configuration.readLimits`.
    package subscript<Value>(dynamicMember keyPath: WritableKeyPath<SQLStoreOptions, Value>) -> Value {
        get { storeOptions[keyPath: keyPath] }
        set { storeOptions[keyPath: keyPath] = newValue }
    }
}
