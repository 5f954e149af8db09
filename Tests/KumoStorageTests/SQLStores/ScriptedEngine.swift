import Foundation
import KumoStorage
import Testing

/// An engine that answers a fixed script of statements, in order, and fails the test on anything else: a statement
/// the script does not expect next, or (``expectFinished()``) a scripted statement that never ran.
struct ScriptedEngine: SQLEngine {
    /// One expected statement: how its text starts, and the rows it returns.
    struct Step {
        let textPrefix: String
        let rows: [SQLRow]
    }

    /// What the store asked the engine for.
    enum Unit: Equatable {
        case read(SQLReadShape)
        case write
        case maintenance
    }

    /// Thrown when the store runs a statement the script does not expect.
    struct UnexpectedStatement: Error {
        let text: String
    }

    /// The script and what ran, behind a lock (the engine is `Sendable`).
    final class State: @unchecked Sendable {
        // Unchecked: every access holds `lock`.
        private let lock = NSLock()
        private var steps: [Step]
        private var ran: [SQLStatement] = []
        private var units: [Unit] = []

        init(_ steps: [Step]) { self.steps = steps }

        func record(_ unit: Unit) {
            lock.withLock { units.append(unit) }
        }

        func next(_ statement: SQLStatement) throws -> [SQLRow] {
            let step = lock.withLock { () -> Step? in
                ran.append(statement)
                guard let step = steps.first, statement.text.hasPrefix(step.textPrefix) else { return nil }
                steps.removeFirst()
                return step
            }
            guard let step else {
                Issue.record("Unexpected statement: \(statement.text)")
                throw UnexpectedStatement(text: statement.text)
            }
            return step.rows
        }

        var statements: [SQLStatement] { lock.withLock { ran } }
        var unitsRun: [Unit] { lock.withLock { units } }
        var remaining: [Step] { lock.withLock { steps } }
    }

    struct Executor: SQLExecutor {
        let state: State

        func rows(_ statement: SQLStatement) async throws -> [SQLRow] { try state.next(statement) }
    }

    let state: State
    let dialect: any SQLDialect = RecordingDialect()

    init(_ steps: [Step]) { self.state = State(steps) }

    func read<Value: Sendable>(_ shape: SQLReadShape, _ body: @escaping @Sendable (Executor) async throws -> Value) async throws -> Value {
        state.record(.read(shape))
        return try await body(Executor(state: state))
    }

    func write<Value: Sendable>(_ unit: @escaping @Sendable (Executor) async throws -> Value) async throws -> Value {
        state.record(.write)
        return try await unit(Executor(state: state))
    }

    func maintain(_ statement: SQLStatement) async throws {
        state.record(.maintenance)
        _ = try state.next(statement)
    }

    /// Records an issue for every scripted statement that did not run.
    func expectFinished(sourceLocation: SourceLocation = #_sourceLocation) {
        for step in state.remaining { Issue.record("Scripted statement did not run: \(step.textPrefix)…", sourceLocation: sourceLocation) }
    }
}

extension ScriptedEngine.Step {
    /// A statement starting with `textPrefix` that returns `rows`, each given as column names and values.
    static func statement(_ textPrefix: String, returning rows: [[(String, SQLValue)]] = []) -> Self {
        Self(
            textPrefix: textPrefix,
            rows: rows.map { row in SQLRow(columns: SQLColumns(names: row.map(\.0)), values: row.map(\.1)) })
    }
}
