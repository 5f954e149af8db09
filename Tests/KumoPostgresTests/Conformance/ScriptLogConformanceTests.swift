import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The script execution log read backwards page by page (`ScriptStore.recentExecutions(…before:…)`, the dashboard's
/// log, docs/dashboard.md#scripts) on both engines.
@Suite struct ScriptLogConformanceTests {
    static func entry(_ index: Int, script: String, applicationId: String = Fixture.applicationId) -> ScriptExecution {
        ScriptExecution(
            applicationId: applicationId, scriptName: script, startedAt: Fixture.date(Int64(index)), durationMilliseconds: Int64(index),
            method: "GET", status: .done)
    }

    @Test(arguments: TestDatabase.engines)
    func pagesEndBeforeTheGivenEntryAndKeepTheirScriptAndApplication(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.scripts.record(
                (1...6).map { Self.entry($0, script: $0 <= 4 ? "a.js" : "b.js") } + [Self.entry(7, script: "a.js", applicationId: "other")])

            let newest = try await storage.scripts.recentExecutions(
                applicationId: Fixture.applicationId, scriptName: nil, before: nil, limit: 2)
            let before = try #require(newest.first?.sequence)
            let older = try await storage.scripts.recentExecutions(
                applicationId: Fixture.applicationId, scriptName: nil, before: before, limit: 3)
            let olderOfA = try await storage.scripts.recentExecutions(
                applicationId: Fixture.applicationId, scriptName: "a.js", before: before, limit: 10)
            let oldest = try await storage.scripts.recentExecutions(
                applicationId: Fixture.applicationId, scriptName: nil, before: try #require(older.first?.sequence), limit: 10)

            #expect(newest.map(\.durationMilliseconds) == [5, 6])
            #expect(older.map(\.durationMilliseconds) == [2, 3, 4])
            #expect(olderOfA.map(\.durationMilliseconds) == [1, 2, 3, 4])
            #expect(oldest.map(\.durationMilliseconds) == [1])
        }
    }
}
