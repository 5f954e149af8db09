package import KumoStorage
import NIOConcurrencyHelpers
import PostgresNIO

/// Names for the statements a pool runs again and again, so that PostgreSQL parses each one once per connection instead
/// of once per call (docs/decisions/0177-postgresql-on-a-fresh-cluster.md).
///
/// An unnamed statement is parsed, analysed and planned on every call; for a get by id that was two thirds of
/// PostgreSQL's work. A named one is parsed once per connection and then only bound and executed; PostgreSQL's plan
/// cache (`plan_cache_mode=auto`) plans it per call for its first five runs and keeps a generic plan only when that costs
/// no more than the custom ones did, so a range whose best plan depends on its value keeps being planned with it.
///
/// - Which statements: data statements (`SELECT`, `INSERT`, `UPDATE`, `DELETE`, `WITH`) of the stores; transaction
///   control, schema changes and migrations stay unnamed. A name stands for the text together with the types of its
///   bound values, since the server fixes the parameter types when it parses.
/// - Bounded: at most ``maximumNames`` names per pool (so at most that many prepared statements per server connection);
///   texts first seen after that run unnamed, as before.
/// - The driver remembers a failed preparation on its connection for good. A statement that failed on a connection where
///   it never succeeded (so the failure may have been its preparation: a lock wait past `statement_timeout`, a table not
///   yet migrated, an aborted transaction) gets a new name, or runs unnamed when no name is left.
package final class PostgresStatementCache: Sendable {
    /// The most names one pool hands out.
    package static let maximumNames = 128
    /// The most connections an entry remembers as having run its statement; past it the oldest are forgotten (which
    /// only costs a new name after a failure there).
    private static let maximumConnectionsRemembered = 64

    /// A statement's text and the PostgreSQL types of its bound values.
    struct Key: Hashable, Sendable {
        /// The SQL text.
        let sql: String
        /// The type of each bound value, in placeholder order.
        let types: [PostgresDataType]

        /// The key of a store's statement.
        init(_ statement: SQLStatement) {
            sql = statement.text
            types = statement.bindings.map(\.postgresType)
        }
    }

    private struct Entry {
        /// The statement's name, or `nil` when it runs unnamed.
        var name: String?
        /// Connections on which the named statement ran successfully, oldest first.
        var succeededOn: [Int] = []
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var namesIssued = 0
    }

    private let state = NIOLockedValueBox(State())

    /// Creates an empty cache.
    package init() {}

    /// The name to run `statement` under, or `nil` to run it unnamed.
    package func name(for statement: SQLStatement) -> String? {
        let key = Key(statement)
        return state.withLockedValue { state in
            if let entry = state.entries[key] { return entry.name }
            guard PostgresStatementCache.isCacheable(key.sql), let name = PostgresStatementCache.issueName(&state) else {
                return nil
            }
            state.entries[key] = Entry(name: name)
            return name
        }
    }

    /// Records that `statement`, run as `name`, succeeded on the connection with the given identifier.
    package func succeeded(_ statement: SQLStatement, name: String, on connection: Int) {
        let key = Key(statement)
        state.withLockedValue { state in
            guard var entry = state.entries[key], entry.name == name, !entry.succeededOn.contains(connection) else { return }
            entry.succeededOn.append(connection)
            if entry.succeededOn.count > PostgresStatementCache.maximumConnectionsRemembered { entry.succeededOn.removeFirst() }
            state.entries[key] = entry
        }
    }

    /// Records that `statement`, run as `name`, failed on the connection with the given identifier: when it never ran
    /// there, its name is replaced (or it runs unnamed from now on when no name is left).
    package func failed(_ statement: SQLStatement, name: String, on connection: Int) {
        let key = Key(statement)
        state.withLockedValue { state in
            guard var entry = state.entries[key], entry.name == name, !entry.succeededOn.contains(connection) else { return }
            entry = Entry(name: PostgresStatementCache.issueName(&state))
            state.entries[key] = entry
        }
    }

    /// How many names were handed out, replacements included.
    package var namesIssued: Int { state.withLockedValue { $0.namesIssued } }

    private static func issueName(_ state: inout State) -> String? {
        guard state.namesIssued < maximumNames else { return nil }
        state.namesIssued += 1
        return "kumo_\(state.namesIssued)"
    }

    /// Whether `sql` is a data statement (only those are named).
    static func isCacheable(_ sql: String) -> Bool {
        let start = sql.prefix(7).uppercased()
        return ["SELECT ", "INSERT ", "UPDATE ", "DELETE ", "WITH "].contains { start.hasPrefix($0) }
    }
}

/// The driver's prepared-statement API names a statement by type (its `name`, `sql` and parameter types are static);
/// this one type carries them in a task-local value for the duration of one call, so any text can run named.
struct PostgresNamedStatement: PostgresPreparedStatement {
    /// The statement the current call runs.
    struct Text: Sendable {
        /// The name it is prepared under on the connection.
        let name: String
        /// Its SQL.
        let sql: String
        /// The types of its bound values.
        let types: [PostgresDataType]
    }

    /// The statement of the call in progress; read by the driver while it sends the call.
    @TaskLocal static var current = Text(name: "", sql: "", types: [])

    static var name: String { current.name }
    static var sql: String { current.sql }
    static var bindingDataTypes: [PostgresDataType] { current.types }

    /// Rows are handed over undecoded.
    typealias Row = PostgresRow

    /// The bound values.
    let bindings: PostgresBindings

    func makeBindings() -> PostgresBindings { bindings }

    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}

extension SQLValue {
    /// The PostgreSQL type ``append(to:)`` binds the value with.
    var postgresType: PostgresDataType {
        switch self {
        case .null: .null
        case .integer: .int8
        case .double: .float8
        case .text: .text
        case .boolean: .bool
        case .blob: .bytea
        }
    }
}
