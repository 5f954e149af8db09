import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoOperations
import KumoSQLite
import KumoServer
import KumoStorage
import KumoTestSupport
import Logging
import Testing

/// The group commit's metrics reach the export: `kumo_storage_commit_batch_units` and
/// `kumo_storage_commit_duration_seconds` (docs/operations.md#metrics).
@Suite struct StorageMetricsTests {
    @Test func eachGroupCommitRecordsItsUnitsAndDuration() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-metrics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let export = MetricsExport()
        let storage = try await SQLiteStorage.open(
            configuration: SQLiteConfiguration(databasePath: directory.appendingPathComponent("kumo.sqlite").path), logger: .quiet,
            metrics: export.factory)
        try await storage.applications.create(TestApplication.fakeApplication)
        let before = Self.count("kumo_storage_commit_batch_units_count", in: export.render()) ?? 0
        try await TestApplication.with(storage: storage) { application in
            try await application.test { client in
                let created = try await client.send(.post, "/2013-09-01/classes/Food", body: #"{"name":"ramen"}"#)
                #expect(created.status.code == 201)
            }
        }
        try await storage.close()
        let text = export.render()

        #expect((Self.count("kumo_storage_commit_batch_units_count", in: text) ?? 0) > before, "\(text)")
        #expect((Self.count("kumo_storage_commit_duration_seconds_count", in: text) ?? 0) > before, "\(text)")
        #expect(text.contains("# TYPE kumo_storage_commit_duration_seconds histogram"), "\(text)")
    }

    /// The value of an unlabelled sample.
    static func count(_ name: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ")[1]) }
    }
}
