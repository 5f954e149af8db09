import KumoStorage

extension SQLiteTransaction {
    /// Runs shared write steps in order; a checked step that returns no row throws its error, which rolls the unit
    /// back to its savepoint.
    func run(_ steps: [SQLWriteStep]) throws {
        for step in steps {
            let rows = try rows(step.statement)
            if rows.isEmpty, let error = step.errorWhenEmpty { throw error }
        }
    }
}
