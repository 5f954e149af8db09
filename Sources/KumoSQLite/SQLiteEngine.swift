import KumoStorage

/// The SQLite side of the shared stores (`SQLObjectStore` and friends): reads on the reader pool in their
/// ``SQLReadShape``, writes as units of the group-committing writer, statements spelled by ``SQLiteDialect``.
struct SQLiteEngine: SQLEngine {
    let writer: SQLiteWriter
    let readers: SQLiteReaderPool
    let dialect: any SQLDialect = SQLiteDialect()

    func read<Value: Sendable>(
        _ shape: SQLReadShape, _ body: @escaping @Sendable (SQLiteTransaction) async throws -> Value
    ) async throws -> Value {
        try await readers.read(shape, body)
    }

    func write<Value: Sendable>(_ unit: @escaping @Sendable (SQLiteTransaction) async throws -> Value) async throws -> Value {
        try await writer.perform(unit)
    }

    /// A write unit: SQLite's writer builds the index while other writes wait.
    func maintain(_ statement: SQLStatement) async throws {
        try await writer.perform { transaction in _ = try await transaction.rows(statement) }
    }
}
