import KumoStorage
import Logging
import PostgresNIO

/// The pool behind every store: leases a connection, runs a unit of work in a transaction, and bounds it in time.
///
/// - Writes run in `BEGIN … COMMIT` (read committed); a caller's continuation resumes only after `COMMIT` returned, so an
///   acknowledged write is durable. A unit that fails rolls back alone. Serialization failures and deadlocks are retried.
/// - Reads that run several statements (page, count, includes) share one repeatable-read snapshot, as SQLite's readers do.
/// - Every call, waiting for a connection included, fails with `StorageError.unavailable` after ``timeout``, so a request
///   never hangs while the database is down; the pool reconnects by itself when it is back.
///
/// As the shared stores' ``SQLEngine``: a write unit is ``write(timeout:_:)``, a snapshot read ``read(_:)``, any other
/// read ``single(_:)``.
struct PostgresDatabase: SQLEngine {
    /// The pool.
    let client: PostgresClient
    /// Where failures are logged.
    let logger: Logger
    /// The bound on one call.
    let timeout: Duration
    /// How the shared stores spell their statements.
    let dialect: any SQLDialect = PostgresDialect()
    /// Admission of reads other than point lookups (docs/decisions/0067-work-budget.md).
    var admission = ReadAdmission(lanes: 16, maximumWaiting: ReadLimits.unlimited.maximumWaitingReads)
    /// Announces the changes of write transactions to the change feed of every instance; `nil` announces nothing.
    var announcer: PostgresChangeAnnouncer?
    /// Names for the stores' statements, shared by every connection of the pool (parsed once per connection).
    let statements = PostgresStatementCache()

    /// SQLSTATE values after which a unit is simply run again.
    private static let retriedStates: Set<String> = ["40001", "40P01"]
    /// How often a unit is retried after a serialization failure or a deadlock.
    private static let maximumAttempts = 3

    /// Runs `unit` in one read-write transaction within ``timeout`` and returns its result once committed.
    func write<Value: Sendable>(_ unit: @escaping @Sendable (PostgresTransaction) async throws -> Value) async throws -> Value {
        try await write(timeout: timeout, unit)
    }

    /// Runs `work` in one read-write transaction within `timeout` and returns its result once committed.
    func write<Value: Sendable>(
        timeout: Duration, _ work: @escaping @Sendable (PostgresTransaction) async throws -> Value
    ) async throws -> Value {
        var attempt = 1
        while true {
            do {
                return try await transaction("BEGIN", timeout: timeout, announcer: announcer, work)
            } catch let error as PSQLError where attempt < PostgresDatabase.maximumAttempts {
                guard let state = error.serverInfo?[.sqlState], PostgresDatabase.retriedStates.contains(state) else {
                    throw StorageError(postgresError: error, logger: logger)
                }
                attempt += 1
            } catch let failure as UnitFailure {
                throw failure.underlying
            } catch {
                throw StorageError(postgresError: error, logger: logger)
            }
        }
    }

    /// Runs a read: several statements (``SQLReadShape/snapshot``) in one read-only transaction, one statement on its own.
    func read<Value: Sendable>(
        _ shape: SQLReadShape, _ body: @escaping @Sendable (PostgresTransaction) async throws -> Value
    ) async throws -> Value {
        switch shape {
        case .snapshot: try await admission.admit { try await read(body) }
        case .singleStatement: try await admission.admit { try await single(body) }
        case .pointLookup: try await single(body)
        }
    }

    /// Runs `work` in one read-only transaction with a single snapshot.
    func read<Value: Sendable>(_ work: @escaping @Sendable (PostgresTransaction) async throws -> Value) async throws -> Value {
        do {
            return try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY", timeout: timeout, work)
        } catch {
            throw StorageError(postgresError: error, logger: logger)
        }
    }

    /// Runs `work` on a leased connection without a transaction (one statement is its own transaction).
    func single<Value: Sendable>(_ work: @escaping @Sendable (PostgresTransaction) async throws -> Value) async throws -> Value {
        do {
            return try await bounded(timeout) { [client, logger, statements] in
                try await client.withConnection { connection in
                    try await work(PostgresTransaction(connection: connection, logger: logger, statements: statements))
                }
            }
        } catch {
            throw StorageError(postgresError: error, logger: logger)
        }
    }

    /// One statement on a leased connection, outside any transaction and without ``timeout``: `CREATE INDEX
    /// CONCURRENTLY` may not run in a transaction and takes as long as the class is big.
    func maintain(_ statement: SQLStatement) async throws {
        do {
            try await client.withConnection { [logger] connection in
                _ = try await PostgresTransaction(connection: connection, logger: logger).rows(statement)
            }
        } catch {
            throw StorageError(postgresError: error, logger: logger)
        }
    }

    /// `begin`, `work`, then `COMMIT`, or `ROLLBACK` when `work` threw.
    private func transaction<Value: Sendable>(
        _ begin: String, timeout: Duration, announcer: PostgresChangeAnnouncer? = nil,
        _ work: @escaping @Sendable (PostgresTransaction) async throws -> Value
    ) async throws -> Value {
        try await bounded(timeout) { [client, logger, statements] in
            try await client.withConnection { connection in
                var transaction = PostgresTransaction(connection: connection, logger: logger, statements: statements)
                transaction.announcer = announcer
                try await transaction.execute(begin)
                let value: Value
                do {
                    value = try await work(transaction)
                } catch {
                    try? await transaction.execute("ROLLBACK")
                    throw error
                }
                try await transaction.execute("COMMIT")
                return value
            }
        }
    }

    /// Runs `body`, or fails with `StorageError.unavailable` when it has not finished after `timeout`.
    private func bounded<Value: Sendable>(
        _ timeout: Duration, _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await PostgresDeadline.run(within: timeout, body)
    }
}

extension StorageError {
    /// Maps a failure: storage errors pass through; a unique violation (SQLSTATE 23505) becomes `.duplicate` naming the
    /// (last) column of the violated key in wire spelling; anything else — server errors, lost connections, an
    /// unreachable server, a closed pool — becomes `.unavailable` and is logged.
    init(postgresError error: any Error, logger: Logger) {
        if let error = error as? StorageError {
            self = error
            return
        }
        guard let error = error as? PSQLError else {
            logger.error("PostgreSQL failed", metadata: ["error": "\(error)"])
            self = .unavailable(String(describing: error))
            return
        }
        if let info = error.serverInfo {
            if info[.sqlState] == "57014" {
                // statement_timeout: the read's time limit (docs/decisions/0067-work-budget.md), not an engine failure.
                self = .timeLimitExceeded
                return
            }
            if info[.sqlState] == "23505" {
                self = .duplicate(field: StorageError.duplicatedField(detail: info[.detail] ?? ""))
                return
            }
            let message = info[.message] ?? "unknown error"
            logger.error("PostgreSQL failed", metadata: ["sqlstate": "\(info[.sqlState] ?? "")", "message": "\(message)"])
            self = .unavailable("PostgreSQL: \(message)")
            return
        }
        let underlying = error.underlying.map { String(describing: $0) } ?? ""
        logger.warning("PostgreSQL is unreachable", metadata: ["code": "\(error.code)", "underlying": "\(underlying)"])
        self = .unavailable("PostgreSQL is unreachable: \(error.code) \(underlying)")
    }

    /// `Key (class_id, object_id)=(…) already exists.` → `objectId`.
    private static func duplicatedField(detail: String) -> String {
        guard let open = detail.firstRange(of: "Key ("), let close = detail[open.upperBound...].firstRange(of: ")=") else {
            return ""
        }
        let column = detail[open.upperBound..<close.lowerBound].split(separator: ",").last?.filter { $0 != " " } ?? ""
        let parts = column.split(separator: "_")
        guard let first = parts.first else { return String(column) }
        return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
