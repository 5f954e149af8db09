import NCMBWire

extension BenchSession {
    /// Sends the first request of each count scenario once, before any measurement, and compares its `count` with the
    /// seeded data: the first requests ask for the value item 0 holds (`score` 0, `stats.score` 0, `ratio` 0.25), held by the
    /// items whose position is a multiple of 1 000. A wrong count means the scenario measures something else than it
    /// says (an operand that no longer matches the seeded values); the row then carries a note.
    ///
    /// - Returns: A note for each count scenario whose count is not the expected one.
    func checkCounts(prepared: [BenchScenario: [PreparedRequest]]) async throws -> [BenchScenario: String] {
        let expected = (dataset.itemObjectIds.count + 999) / 1000
        var notes: [BenchScenario: String] = [:]
        for scenario in [BenchScenario.queryCount, .queryCountPath, .queryCountUnindexed] {
            guard let request = prepared[scenario]?.first else { continue }
            let (status, text) = try await sendOnce(request)
            let count = (try? JSONValue(parsing: text))?.objectValue?["count"]?.integerValue
            if status == 200, count == Int64(expected) {
                progress("\(scenario.label): the first request counts \(expected) objects, as seeded.")
            } else {
                let answer = count.map { "count \($0)" } ?? "HTTP \(status) \(text.prefix(120))"
                notes[scenario] = "check failed: \(answer), expected count \(expected)"
                progress("\(scenario.label): \(notes[scenario] ?? "")")
            }
        }
        return notes
    }
}
