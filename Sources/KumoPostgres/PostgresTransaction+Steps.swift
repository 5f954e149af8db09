import KumoStorage

extension PostgresTransaction {
    /// Runs shared write steps in order; a checked step that returns no row throws its error, which rolls the whole
    /// transaction back.
    func run(_ steps: [SQLWriteStep]) async throws {
        for step in steps {
            let rows = try await rows(step.statement)
            if rows.isEmpty, let error = step.errorWhenEmpty { throw error }
        }
    }
}
