import KumoMemberwise
package import NCMBWire

/// `PushOutcomeStore` on any SQL engine: the shared ``PushOutcomeStatements``.
///
/// A record is one write unit: the push's row looked up, then one insert per ``PushOutcomeStatements/maximumRowsPerStatement``
/// outcomes (one for a delivery page). Outcomes of the same installation in one call keep the last.
@PackageMemberwiseInit
package struct SQLPushOutcomeStore<Engine: SQLEngine>: PushOutcomeStore {
    let engine: Engine

    package func record(_ outcomes: [PushOutcome], applicationId: String, pushId: String) async throws {
        guard !outcomes.isEmpty else { return }
        var latest: [String: Int] = [:]
        for (index, outcome) in outcomes.enumerated() { latest[outcome.installationId] = index }
        let unique = outcomes.enumerated().filter { latest[$0.element.installationId] == $0.offset }.map(\.element)
        let dialect = engine.dialect
        let lookup = PushOutcomeStatements.pushRow(applicationId: applicationId, pushId: pushId, dialect: dialect)
        try await engine.write { executor in
            guard let rowId = try await executor.rows(lookup).first?.integer("row_id") else { return }
            var start = 0
            while start < unique.count {
                let end = min(start + PushOutcomeStatements.maximumRowsPerStatement, unique.count)
                _ = try await executor.rows(PushOutcomeStatements.record(Array(unique[start..<end]), rowId: rowId, dialect: dialect))
                start = end
            }
        }
    }

    package func outcomes(
        applicationId: String, pushId: String, kind: PushOutcome.Kind?, limit: Int, skip: Int
    ) async throws -> PushOutcomePage {
        let dialect = engine.dialect
        let page = PushOutcomeStatements.page(
            applicationId: applicationId, pushId: pushId, kind: kind, limit: limit, skip: skip, dialect: dialect)
        let count = PushOutcomeStatements.count(applicationId: applicationId, pushId: pushId, kind: kind, dialect: dialect)
        return try await engine.read(.snapshot) { executor in
            let results = try await executor.rows(page).map(PushOutcomeStatements.outcome)
            let total = try await executor.rows(count).first?.integer("count") ?? 0
            return PushOutcomePage(results: results, count: Int(total))
        }
    }

    package func prune(before date: WireDate, limit: Int) async throws -> Int {
        guard limit > 0 else { return 0 }
        return try await engine.write(PushOutcomeStatements.prune(before: date, limit: limit, dialect: engine.dialect)).count
    }
}
