import Foundation
import KumoTestSupport
import NCMBWire
import NIOHTTP1
import Testing

/// Indexes and the index advisor as an operator meets them: `kumo classes index …` on a real data directory, and
/// `kumo serve` recording slow queries and creating the index they call for (docs/decisions/0074-indexes-on-user-fields.md,
/// docs/decisions/0075-index-advisor.md).
@Suite(.timeLimit(.minutes(3))) struct IndexEndToEndTests {
    @Test func indexCommandsBuildExplainListAndRemoveAnIndex() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        try kumo.start()
        // Enough rows that a scan is no cheaper than the index and its array companion (an equality reads both).
        for calories in [120, 450, 800] + Array(1000..<1040) {
            _ = try await kumo.send(.POST, "/2013-09-01/classes/Food", body: #"{"calories":\#(calories)}"#)
        }
        kumo.stop()
        let data = ["--data-dir", kumo.dataDirectory.path]

        let added = try await offTheCooperativePool { try kumo.runCommand(["classes", "index", "add", "Food", "calories"] + data) }
        let listed = try await offTheCooperativePool { try kumo.runCommand(["classes", "index", "list", "--json"] + data) }
        let plan = try await offTheCooperativePool {
            try kumo.runCommand(["classes", "index", "explain", "Food", "--where", #"{"calories":450}"#, "--count"] + data)
        }
        let removed = try await offTheCooperativePool { try kumo.runCommand(["classes", "index", "remove", "Food", "calories"] + data) }
        let afterRemoval = try await offTheCooperativePool { try kumo.runCommand(["classes", "index", "list"] + data) }

        #expect(added.contains("calories: number (held by 43 of the objects looked at)"), "\(added)")
        #expect(added.contains("Built over 43 objects"), "\(added)")
        let index = try #require(try JSONValue(parsing: Array(listed.utf8)).arrayValue?.first?.objectValue, "\(listed)")
        let name = try #require(index["name"]?.stringValue)
        #expect(index["fields"] == [["field": "calories", "kind": "number"]])
        #expect(index["origin"] == "manual")
        #expect(plan.contains(name), "\(plan)")
        #expect(removed.contains("Removed \(name)"), "\(removed)")
        #expect(afterRemoval.contains("No index on user fields"), "\(afterRemoval)")
    }

    @Test(arguments: [
        ["classes", "index", "add", "Food", "nothing"], ["classes", "index", "add", "Food", "objectId"],
        ["classes", "index", "add", "Food", "calories:color"], ["classes", "index", "remove", "Food", "calories"],
        ["classes", "index", "explain", "Food", "--where", "{"],
    ])
    func invalidIndexCommandsFailWithoutChangingAnything(_ arguments: [String]) async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        let data = ["--data-dir", kumo.dataDirectory.path]

        let failure = await #expect(throws: KumoProcessError.self) {
            try await offTheCooperativePool { try kumo.runCommand(arguments + data) }
        }
        let listed = try await offTheCooperativePool { try kumo.runCommand(["classes", "index", "list", "--json"] + data) }

        #expect(failure != nil)
        #expect(listed.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }

    @Test func serveRecordsSlowQueriesAndCreatesTheIndexTheyCallFor() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        // Every find counts as slow; the advisor's last collection runs when serve stops.
        try kumo.start(extraArguments: ["--slow-query-ms", "0.001", "--auto-index", "on"])
        _ = try await kumo.send(.POST, "/2013-09-01/classes/Food", body: #"{"calories":450,"name":"ramen"}"#)
        for threshold in 0..<20 {
            let whereText = #"{"calories":{"$gte":\#(threshold)}}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            _ = try await kumo.send(.GET, "/2013-09-01/classes/Food", query: "where=\(whereText)")
        }
        let nameQuery = #"{"name":"ramen"}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        _ = try await kumo.send(.GET, "/2013-09-01/classes/Food", query: "where=\(nameQuery)&count=1")
        let status = kumo.stop()
        let data = ["--data-dir", kumo.dataDirectory.path]

        let listed = try await offTheCooperativePool { try kumo.runCommand(["classes", "index", "list", "--json"] + data) }
        let suggested = try await offTheCooperativePool { try kumo.runCommand(["classes", "index", "suggest", "--json"] + data) }

        #expect(status == 0)
        let indexes = try #require(try JSONValue(parsing: Array(listed.utf8)).arrayValue, "\(listed)")
        #expect(indexes.count == 1)
        #expect(indexes.first?.objectValue?["fields"] == [["field": "calories", "kind": "number"]])
        #expect(indexes.first?.objectValue?["origin"] == "automatic")
        // One slow run of the name shape: below the 20 runs automatic indexing waits for, so it stays a suggestion.
        let suggestions = try #require(try JSONValue(parsing: Array(suggested.utf8)).arrayValue, "\(suggested)")
        #expect(suggestions.count == 1)
        #expect(suggestions.first?.objectValue?["fields"] == [["field": "name", "kind": "string"]])
        #expect(suggestions.first?.objectValue?["shape"] == "eq(name:string) count")
        #expect(suggestions.first?.objectValue?["runs"] == 1)
    }
}
