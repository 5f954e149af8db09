import Foundation
import KumoPostgres
import KumoSQLite
package import KumoStorage

/// A storage engine a test can run on (docs/architecture.md#tests).
package enum StorageEngine: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Embedded SQLite in a temporary directory.
    case sqlite
    /// PostgreSQL in a scratch schema of `KUMO_TEST_POSTGRES_URL`.
    case postgres

    package var description: String { rawValue }
}

/// A fresh, empty storage of one engine, removed after the test: a temporary SQLite directory, or a PostgreSQL
/// scratch schema that is dropped afterwards. Tests on either engine run in parallel safely.
package enum StorageUnderTest {
    /// Runs `body` on a fresh storage of `engine`, then closes and removes it, also when `body` throws.
    ///
    /// - Throws: what `body` threw; for `.postgres` without `KUMO_TEST_POSTGRES_URL` (only reached under CI) an error
    ///   naming the missing variable.
    package static func with<Value>(
        _ engine: StorageEngine, readLimits: ReadLimits = .unlimited, slowQueries: SlowQueryRecorder? = nil,
        objectLimits: ObjectLimits = .standard, _ body: (any StorageBackend) async throws -> Value
    ) async throws -> Value {
        switch engine {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-test-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            var configuration = SQLiteConfiguration(databasePath: directory.appendingPathComponent("kumo.sqlite").path, readerCount: 2)
            configuration.readLimits = readLimits
            configuration.slowQueries = slowQueries
            configuration.objectLimits = objectLimits
            let storage = try await SQLiteStorage.open(configuration: configuration, logger: TestDatabase.logger)
            return try await storage.closing(after: body)
        case .postgres:
            return try await TestDatabase.withScratchSchema { configuration in
                var configuration = configuration
                configuration.readLimits = readLimits
                configuration.slowQueries = slowQueries
                configuration.objectLimits = objectLimits
                let storage = try await PostgresStorage.open(configuration: configuration, logger: TestDatabase.logger)
                return try await storage.closing(after: body)
            }
        }
    }
}
