import Foundation
import KumoPostgres
import Logging

/// A storage engine `kumo bench` measures; `--engines sqlite,postgres` runs them one after the other.
enum BenchEngine: String, CaseIterable, Sendable {
    /// The embedded engine, in a temporary directory.
    case sqlite
    /// PostgreSQL, in a scratch schema of the `--database` (or `KUMO_DATABASE`) URL.
    case postgres

    /// Parses `a,b`; every name must be an engine, none repeated, at least one.
    static func parseList(_ text: String) -> [BenchEngine]? {
        var chosen: [BenchEngine] = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let engine = BenchEngine(rawValue: name), !chosen.contains(engine) else { return nil }
            chosen.append(engine)
        }
        return chosen.isEmpty ? nil : chosen
    }

    /// Whether `text` is a PostgreSQL URL (as `kumo serve --database` tells them apart).
    static func isPostgresURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }
}

/// Where one engine's run keeps its data: SQLite in its own directory, PostgreSQL in a fresh scratch schema, so that
/// nothing of the user's data is read or touched.
struct BenchDatabase: Sendable {
    /// The engine.
    let engine: BenchEngine
    /// The run's directory: the SQLite database (when SQLite), uploaded files and the server log.
    let directory: String
    /// The scratch schema, for PostgreSQL.
    let scratchSchema: String?
    /// The storage arguments of `kumo serve` and of the in-process storage: `--data-dir`, `--database` and, for SQLite
    /// only, `--sqlite-synchronous`.
    let storageArguments: [String]
    /// How the report names the database.
    let description: String
    private let scratchConfiguration: PostgresConfiguration?

    /// Prepares the run of `engine` in a subdirectory of `parentDirectory`.
    ///
    /// - Parameters:
    ///   - postgresURL: the user's PostgreSQL URL (required for PostgreSQL); its `schema` parameter is replaced by a
    ///     scratch schema `kumo_bench_` followed by 8 random lowercase letters.
    ///   - synchronous: SQLite's durability (`full` or `normal`).
    static func prepare(
        engine: BenchEngine, parentDirectory: String, postgresURL: String?, synchronous: String
    ) throws -> BenchDatabase {
        let directory = parentDirectory + "/" + engine.rawValue
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        switch engine {
        case .sqlite:
            return BenchDatabase(
                engine: engine, directory: directory, scratchSchema: nil,
                storageArguments: ["--data-dir", directory, "--database", "sqlite", "--sqlite-synchronous", synchronous],
                description: "SQLite, WAL, synchronous=\(synchronous.uppercased()), temporary directory",
                scratchConfiguration: nil)
        case .postgres:
            guard let postgresURL, var components = URLComponents(string: postgresURL) else {
                throw BenchSetupError("PostgreSQL needs a URL: pass --database postgres://… or set KUMO_DATABASE")
            }
            let letters = (0..<8).map { _ in String(UnicodeScalar(UInt8.random(in: 97...122))) }.joined()
            let schema = "kumo_bench_" + letters
            let otherParameters = (components.queryItems ?? []).filter { $0.name != "schema" }
            components.queryItems = otherParameters + [URLQueryItem(name: "schema", value: schema)]
            guard let url = components.string else { throw BenchSetupError("cannot add a schema to the PostgreSQL URL") }
            let configuration: PostgresConfiguration
            do {
                configuration = try PostgresConfiguration(url: url)
            } catch {
                throw BenchSetupError("--database: \(error)")
            }
            return BenchDatabase(
                engine: engine, directory: directory, scratchSchema: schema,
                storageArguments: ["--data-dir", directory, "--database", url],
                description: "PostgreSQL \(configuration.redactedDescription) (scratch schema, dropped after the run)",
                scratchConfiguration: configuration)
        }
    }

    /// Drops the scratch schema with everything in it (PostgreSQL), or says how to drop it when `keeps` is set or the
    /// drop fails.
    func removeScratchSchema(keeps: Bool, logger: Logger) async {
        guard let scratchSchema, let scratchConfiguration else { return }
        let server = "postgres://\(scratchConfiguration.username)@\(scratchConfiguration.host):\(scratchConfiguration.port)/"
        let manualDrop = "psql '\(server)\(scratchConfiguration.database)' -c 'DROP SCHEMA \(scratchSchema) CASCADE'"
        if keeps {
            progress("Scratch schema \(scratchSchema) kept; drop it with: \(manualDrop)")
            return
        }
        do {
            try await PostgresMaintenance.dropSchema(scratchSchema, on: scratchConfiguration, logger: logger)
            progress("Dropped the scratch schema \(scratchSchema).")
        } catch {
            progress("Could not drop the scratch schema \(scratchSchema) (\(error)); drop it with: \(manualDrop)")
        }
    }
}

/// The bench could not prepare a run; the message says why.
struct BenchSetupError: Error, CustomStringConvertible {
    /// What is wrong.
    let description: String

    /// Creates an error.
    init(_ description: String) {
        self.description = description
    }
}
