package import Logging
import PostgresNIO

/// Administrative statements outside Kumo's schema: scratch schemas and databases for tests and tooling, and cutting a
/// database off to rehearse an outage. Names must pass ``PostgresConfiguration/isValidSchemaName(_:)``.
package enum PostgresMaintenance {
    /// Drops a schema with everything in it; nothing happens when it does not exist.
    package static func dropSchema(_ schema: String, on configuration: PostgresConfiguration, logger: Logger) async throws {
        try await run(["DROP SCHEMA IF EXISTS \(try identifier(schema)) CASCADE"], on: configuration, logger: logger)
    }

    /// Creates an empty database owned by the configured role (which needs `CREATEDB`).
    package static func createDatabase(_ name: String, on configuration: PostgresConfiguration, logger: Logger) async throws {
        try await run(["CREATE DATABASE \(try identifier(name))"], on: configuration, logger: logger)
    }

    /// Drops a database, disconnecting its sessions; nothing happens when it does not exist.
    package static func dropDatabase(_ name: String, on configuration: PostgresConfiguration, logger: Logger) async throws {
        try await run(["DROP DATABASE IF EXISTS \(try identifier(name)) WITH (FORCE)"], on: configuration, logger: logger)
    }

    /// Refuses new connections to a database and terminates the open ones, as a server restart does; or, with
    /// `isAllowed`, accepts connections again.
    package static func setConnectionsAllowed(
        _ isAllowed: Bool, database name: String, on configuration: PostgresConfiguration, logger: Logger
    ) async throws {
        let database = try identifier(name)
        var statements = ["ALTER DATABASE \(database) ALLOW_CONNECTIONS \(isAllowed ? "true" : "false")"]
        if !isAllowed {
            statements.append(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database)' AND pid <> pg_backend_pid()")
        }
        try await run(statements, on: configuration, logger: logger)
    }

    /// Terminates the change feed's `LISTEN` connections of the configuration's schema, as a network failure would
    /// (docs/architecture.md#change-feed): every instance of that deployment interrupts its feed and listens again.
    package static func terminateChangeFeedListeners(of configuration: PostgresConfiguration, logger: Logger) async throws {
        // The channel is `kumo_changes` or `kumo_changes_` and hexadecimal digits: it needs no escaping.
        let channel = PostgresChangeAnnouncer.channel(schema: configuration.schema)
        try await run(
            ["SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '\(channel)' AND pid <> pg_backend_pid()"],
            on: configuration, logger: logger)
    }

    /// Runs statements one by one on a short-lived pool connected to the configuration's database.
    private static func run(_ statements: [String], on configuration: PostgresConfiguration, logger: Logger) async throws {
        var administration = configuration
        administration.schema = nil
        administration.maximumConnections = 1
        let client = PostgresClient(configuration: administration.clientConfiguration, backgroundLogger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            let database = PostgresDatabase(client: client, logger: logger, timeout: .seconds(30))
            try await database.single { transaction in
                for statement in statements { try await transaction.execute(statement) }
            }
        }
    }

    private static func identifier(_ name: String) throws -> String {
        guard PostgresConfiguration.isValidSchemaName(name) else {
            throw PostgresConfigurationError("'\(name)' is not a valid name: use [a-z_][a-z0-9_]{0,62}")
        }
        return name
    }
}
