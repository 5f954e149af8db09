/// What a closed-loop row is checked against (issue 17): a share of the same run's ceiling, an absolute floor in
/// requests per second, and for `include` a share of the same engine's `query` rate at the same connection count.
struct BenchTarget: Sendable, Equatable {
    /// The least requests per second as a share of the ceiling.
    var ratioToCeiling: Double?
    /// The least requests per second.
    var floor: Double?
    /// The least requests per second as a share of `query`'s at the same connection count on the same engine.
    var shareOfQuery: Double?

    /// The target column's text, e.g. `≥ 30 % of ceiling` or `≥ 60 % of query (4 605 req/s)`.
    func description(queryRate: Double?) -> String {
        var parts: [String] = []
        if let ratioToCeiling { parts.append("≥ \(BenchReport.percent(ratioToCeiling)) of ceiling") }
        if let floor { parts.append("≥ \(BenchReport.grouped(floor)) req/s") }
        if let shareOfQuery {
            let reference = queryRate.map { " (\(BenchReport.grouped($0)) req/s)" } ?? " (query not measured)"
            parts.append("≥ \(BenchReport.percent(shareOfQuery)) of query" + reference)
        }
        return parts.joined(separator: " and ")
    }

    /// Whether a row meets the target; `nil` when it cannot be told (no `query` rate to compare `include` with).
    func isMet(requestsPerSecond: Double, ratioToCeiling measuredRatio: Double?, queryRate: Double?) -> Bool? {
        var isMet = true
        if let ratioToCeiling { isMet = isMet && (measuredRatio ?? 0) >= ratioToCeiling }
        if let floor { isMet = isMet && requestsPerSecond >= floor }
        if let shareOfQuery {
            guard let queryRate, queryRate > 0 else { return nil }
            isMet = isMet && requestsPerSecond >= shareOfQuery * queryRate
        }
        return isMet
    }
}

extension BenchScenario {
    /// The target of this scenario on `engine`, when there is one: shares of the ceiling on SQLite, floors on
    /// PostgreSQL for create, getById and query; a floor for the indexed count and a share of `query` for `include` on
    /// both.
    func target(engine: BenchEngine) -> BenchTarget? {
        switch (self, engine) {
        case (.create, .sqlite): BenchTarget(ratioToCeiling: 0.30)
        case (.getById, .sqlite): BenchTarget(ratioToCeiling: 0.40)
        case (.query, .sqlite): BenchTarget(ratioToCeiling: 0.20)
        case (.create, .postgres): BenchTarget(floor: 2000)
        case (.getById, .postgres): BenchTarget(floor: 4000)
        case (.query, .postgres): BenchTarget(floor: 2000)
        case (.queryCount, _), (.queryCountPath, _): BenchTarget(floor: 2000)
        case (.include, _): BenchTarget(shareOfQuery: 0.60)
        default: nil
        }
    }

    /// Whether the scenario is re-run open-loop at half of its best rate, with p99 ≤ 10 ms as the target.
    var hasHalfLoadTarget: Bool { [.create, .getById, .query, .sortedPage, .sortedPageDescending].contains(self) }

    /// Whether the scenario is a sorted page or a count with a wide filter, whose rate is compared with
    /// `sortedPageNarrow`'s (issue 32: at least 60 %).
    var isWideSortedPage: Bool {
        [
            .sortedPage, .sortedPageDescending, .sortedPageDeep, .sortedPageDeepDescending, .sortedPageEquality,
            .sortedPageEqualityDescending, .sortedPageEqualityDeep, .queryCountWide,
        ]
        .contains(self)
    }
}
