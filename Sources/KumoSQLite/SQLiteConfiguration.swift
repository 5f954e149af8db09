import Foundation
package import KumoStorage

/// How ``SQLiteStorage`` opens and runs its database (docs/architecture.md#sqlite-engine-kumosqlite,
/// docs/configuration.md).
package struct SQLiteConfiguration: SQLStoreConfiguration, Sendable, Hashable {
    /// How hard SQLite syncs to disk at commit (`PRAGMA synchronous`).
    package enum Synchronous: String, Sendable, Hashable {
        /// Sync the WAL at every commit: an acknowledged write survives power loss.
        case full = "FULL"
        /// Sync at checkpoints only: an acknowledged write survives a process crash but may be lost on power loss.
        case normal = "NORMAL"
    }

    /// Path of the database file; created with its directory's permissions when missing.
    package var databasePath: String
    /// Durability at commit (`storage.sqlite.synchronous`). Defaults to `.full`.
    package var synchronous: Synchronous
    /// The most write units one group commit takes (`storage.sqlite.maximumBatch`). Defaults to 256.
    package var maximumBatch: Int
    /// The number of read-only connections. Defaults to 4.
    package var readerCount: Int
    /// How long a connection waits for a lock held by another process, in milliseconds. Defaults to 5000.
    package var busyTimeoutMilliseconds: Int
    /// The read budget, slow query recorder and object limits of the stores, also read and set as `readLimits`,
    /// `slowQueries` and `objectLimits`.
    package var storeOptions = SQLStoreOptions()
    /// Where file bytes are kept (`DiskBlobStore`); `nil` means ``resolvedBlobDirectory``'s default.
    package var blobDirectory: String?

    /// The blob directory in use: ``blobDirectory``, or `<databasePath>-files` beside the database (a fresh temporary
    /// directory for an in-memory database).
    package var resolvedBlobDirectory: String {
        if let blobDirectory { return blobDirectory }
        if databasePath == ":memory:" || databasePath.isEmpty {
            return FileManager.default.temporaryDirectory.appendingPathComponent("kumo-blobs-" + UUID().uuidString).path
        }
        return databasePath + "-files"
    }

    /// Creates a configuration; every argument but the path has its documented default.
    package init(
        databasePath: String, synchronous: Synchronous = .full, maximumBatch: Int = 256, readerCount: Int = 4,
        busyTimeoutMilliseconds: Int = 5000
    ) {
        self.databasePath = databasePath
        self.synchronous = synchronous
        self.maximumBatch = maximumBatch
        self.readerCount = readerCount
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    }
}
