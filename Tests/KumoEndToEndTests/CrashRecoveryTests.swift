import AsyncHTTPClient
import Foundation
import KumoSQLite
import Logging
import NCMBWire
import NIOHTTP1
import Testing

/// Nothing acknowledged is lost on `kill -9` (issue: Foundation, acceptance;
/// docs/architecture.md#sqlite-engine-kumosqlite).
@Suite(.serialized) struct CrashRecoveryTests {
    /// Creates objects from several concurrent workers until told to stop; returns every acknowledged objectId.
    func createUntilStopped(_ kumo: KumoProcess, workers: Int, stopAfter: Int) async -> [String] {
        let acknowledged = AcknowledgedIds()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var sequence = 0
                    while await acknowledged.count < stopAfter * 2 {
                        sequence += 1
                        guard
                            let response = try? await kumo.send(
                                .POST, "/2013-09-01/classes/Crash", body: #"{"worker":\#(worker),"sequence":\#(sequence)}"#),
                            response.status == 201,
                            let objectId = try? JSONValue(parsing: response.body).objectValue?["objectId"]?.stringValue
                        else { return }
                        let total = await acknowledged.add(objectId)
                        if total == stopAfter { kumo.kill() }
                    }
                }
            }
        }
        return await acknowledged.all
    }

    // MARK: Tests

    @Test func everyAcknowledgedCreateSurvivesKillNine() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        try kumo.start()

        let acknowledged = await createUntilStopped(kumo, workers: 16, stopAfter: 300)
        kumo.kill()
        var logger = Logger(label: "crash-test")
        logger.logLevel = .critical
        let storage = try await SQLiteStorage.open(
            configuration: SQLiteConfiguration(databasePath: kumo.dataDirectory.appendingPathComponent("kumo.sqlite").path),
            logger: logger)
        let integrity = try await storage.integrityCheck()
        try await storage.close()
        try kumo.start()
        defer { kumo.stop() }
        var missing: [String] = []
        for objectId in acknowledged {
            let read = try await kumo.send(.GET, "/2013-09-01/classes/Crash/\(objectId)")
            if read.status != 200 { missing.append(objectId) }
        }

        #expect(acknowledged.count >= 300)
        #expect(integrity == "ok")
        #expect(missing.isEmpty, "lost \(missing.count) of \(acknowledged.count) acknowledged objects")
    }
}

/// Collects acknowledged ids across concurrent workers.
actor AcknowledgedIds {
    private var ids: [String] = []
    var count: Int { ids.count }
    var all: [String] { ids }

    func add(_ objectId: String) -> Int {
        ids.append(objectId)
        return ids.count
    }
}
