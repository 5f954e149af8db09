/// One statement of a write unit and what it means when the statement returns no row.
///
/// Shared write logic (``AccountStatements``) describes a unit as steps, run by ``SQLExecutor/run(_:)`` inside the
/// unit's transaction (SQLite savepoint, PostgreSQL transaction), which throws ``errorWhenEmpty`` when a checked
/// statement returns nothing. Throwing rolls back every earlier step of the unit.
package struct SQLWriteStep: Sendable {
    /// The statement.
    package var statement: SQLStatement
    /// Thrown when the statement returns no row (it then ends with `RETURNING`); `nil` when its rows do not matter.
    package var errorWhenEmpty: StorageError?
    /// Whether the statement deletes sessions and returns their `token_hash`: the change feed hears of them.
    package var endsSessions: Bool

    /// Creates a step.
    package init(_ statement: SQLStatement, errorWhenEmpty: StorageError? = nil, endsSessions: Bool = false) {
        self.statement = statement
        self.errorWhenEmpty = errorWhenEmpty
        self.endsSessions = endsSessions
    }
}
