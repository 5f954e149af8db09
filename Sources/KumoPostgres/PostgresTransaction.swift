import Foundation
import KumoStorage
import Logging
import NIOCore
import PostgresNIO

/// One leased connection inside a transaction (or running a single statement): runs statements with bound values.
///
/// Stores receive one from ``PostgresDatabase``; it must not escape the closure it was handed to. Failures are thrown
/// as the driver reports them; ``PostgresDatabase`` maps them to `StorageError` where the unit ends.
struct PostgresTransaction: SQLExecutor {
    /// The leased connection, used by one task at a time.
    let connection: PostgresConnection
    /// Where statements log.
    let logger: Logger
    /// Whether a failing statement throws `StorageError` (inside a caller's transaction, where callers react to
    /// `.duplicate`) rather than the driver's error (mapped where the unit ends).
    var mapsErrors = false
    /// Announces changes with `NOTIFY` (write transactions of a storage that publishes its changes); `nil` announces
    /// nothing.
    var announcer: PostgresChangeAnnouncer?
    /// Names for the stores' statements, so each is parsed once per connection; `nil` runs every statement unnamed.
    var statements: PostgresStatementCache?

    /// Runs a write's statement with the announcement of its change folded in.
    func rows(_ statement: SQLStatement, announcing change: () -> StorageChange) async throws -> [SQLRow] {
        guard let announcer else { return try await rows(statement) }
        return try await rows(announcer.folding(change(), into: statement))
    }

    /// Announces a change with a statement of its own.
    func announce(_ change: () -> StorageChange) async throws {
        guard let announcer else { return }
        _ = try await rows(announcer.statement(announcing: change()))
    }

    /// Runs a compiled statement and returns its rows.
    func rows(_ statement: SQLStatement) async throws -> [SQLRow] {
        guard mapsErrors else { return try await cachedRows(statement) }
        do {
            return try await cachedRows(statement)
        } catch {
            throw StorageError(postgresError: error, logger: logger)
        }
    }

    /// Runs a store's statement under its name in ``statements`` (parsed once per connection), or unnamed.
    private func cachedRows(_ statement: SQLStatement) async throws -> [SQLRow] {
        guard let statements, let name = statements.name(for: statement) else {
            return try await rows(statement.text, statement.bindings, maximumBytes: statement.maximumResultBytes)
        }
        var bindings = PostgresBindings(capacity: statement.bindings.count)
        for value in statement.bindings { value.append(to: &bindings) }
        let types = statement.bindings.map(\.postgresType)
        let text = PostgresNamedStatement.Text(name: name, sql: statement.text, types: types)
        do {
            let rows = try await PostgresNamedStatement.$current.withValue(text) {
                let sequence = try await connection.execute(PostgresNamedStatement(bindings: bindings), logger: logger)
                return try await collect(sequence, maximumBytes: statement.maximumResultBytes)
            }
            statements.succeeded(statement, name: name, on: connection.id)
            return rows
        } catch let error as PSQLError {
            // Data and integrity errors (SQLSTATE classes 22, 23) arise when a statement runs, not when it is parsed.
            if let state = error.serverInfo?[.sqlState], !state.hasPrefix("22"), !state.hasPrefix("23") {
                statements.failed(statement, name: name, on: connection.id)
            }
            throw error
        }
    }

    /// Runs engine-owned SQL with bound values (`$1`, `$2`, …) and returns its rows.
    ///
    /// - Parameter maximumBytes: the most bytes of column data to read; past it the rest of the result is not read and
    ///   `QueryCompiler.pageTooLarge` is thrown. `nil` for no bound.
    func rows(_ sql: String, _ values: [SQLValue] = [], maximumBytes: Int? = nil) async throws -> [SQLRow] {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values { value.append(to: &bindings) }
        let sequence = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger)
        return try await collect(sequence, maximumBytes: maximumBytes)
    }

    /// Reads a result into rows, bounded by `maximumBytes` of column data.
    private func collect<Rows: AsyncSequence>(_ sequence: Rows, maximumBytes: Int?) async throws -> [SQLRow]
    where Rows.Element == PostgresRow {
        var rows: [SQLRow] = []
        var columns: SQLColumns?
        var bytesRead = 0
        for try await row in sequence {
            if let maximumBytes {
                for cell in row { bytesRead += cell.bytes?.readableBytes ?? 0 }
                if bytesRead > maximumBytes { throw QueryCompiler.pageTooLarge }
            }
            // Every row of a result has the same columns: their names are read once.
            let rowColumns = columns ?? SQLColumns(names: row.map(\.columnName))
            columns = rowColumns
            rows.append(SQLRow(columns: rowColumns, values: row.map(SQLValue.init(cell:))))
        }
        return rows
    }

    /// Runs engine-owned SQL with bound values, ignoring rows.
    func execute(_ sql: String, _ values: [SQLValue] = []) async throws {
        _ = try await rows(sql, values)
    }
}

extension SQLValue {
    /// Appends the value with its PostgreSQL type: `int8`, `float8`, `text`, `bool`, `bytea`, or an untyped `NULL`.
    ///
    /// PostgreSQL text cannot hold U+0000, so a text value carrying it (only a query operand can: writes refuse it, see
    /// ``PostgresDialect/validateStorable(_:)``) is bound with U+FFFD in its place; it still matches no stored string
    /// that has no U+FFFD.
    func append(to bindings: inout PostgresBindings) {
        switch self {
        case .null: bindings.appendNull()
        case .integer(let integer): bindings.append(integer)
        case .double(let double): bindings.append(double)
        case .text(let text): bindings.append(text.contains("\u{0}") ? text.replacingNullCharacters : text)
        case .boolean(let flag): bindings.append(flag)
        case .blob(let bytes): bindings.append(ByteBuffer(bytes: bytes))
        }
    }

    /// A result cell: integers, booleans, floating-point numbers and `bytea` by their type; `NULL` (or a value its type
    /// cannot decode) as ``SQLValue/null``; anything else — `text`, `json` — as its text.
    init(cell: PostgresCell) {
        guard cell.bytes != nil else {
            self = .null
            return
        }
        let value: SQLValue? =
            switch cell.dataType {
            case .int2, .int4, .int8: (try? cell.decode(Int64.self)).map(SQLValue.integer)
            case .bool: (try? cell.decode(Bool.self)).map(SQLValue.boolean)
            case .float4, .float8: (try? cell.decode(Double.self)).map(SQLValue.double)
            case .numeric: (try? cell.decode(Decimal.self)).map { .double(NSDecimalNumber(decimal: $0).doubleValue) }
            case .bytea: (try? cell.decode(ByteBuffer.self)).map { .blob(Array($0.readableBytesView)) }
            default: (try? cell.decode(String.self)).map(SQLValue.text)
            }
        self = value ?? .null
    }
}

extension String {
    /// The string with every U+0000 replaced by U+FFFD.
    fileprivate var replacingNullCharacters: String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 }))
    }
}
