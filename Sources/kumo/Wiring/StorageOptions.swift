import ArgumentParser
import Foundation
import KumoSQLite
import KumoStorage
import Logging

/// Options shared by every command that touches data.
struct StorageOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "Directory holding the SQLite database (created when missing).")
    var dataDirectory = ProcessInfo.processInfo.environment["KUMO_DATA_DIR"] ?? "./kumo-data"

    @Option(name: .customLong("sqlite-synchronous"), help: "SQLite durability: full (default) or normal.")
    var synchronous = ProcessInfo.processInfo.environment["KUMO_STORAGE_SQLITE_SYNCHRONOUS"] ?? "full"

    /// The database file inside the data directory.
    var databasePath: String { URL(fileURLWithPath: dataDirectory).appendingPathComponent("kumo.sqlite").path }

    /// Creates the data directory if needed and opens the embedded SQLite engine.
    func openStorage(logger: Logger) async throws -> SQLiteStorage {
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        var configuration = SQLiteConfiguration(databasePath: databasePath)
        switch synchronous.lowercased() {
        case "full": configuration.synchronous = .full
        case "normal": configuration.synchronous = .normal
        default: throw ValidationError("--sqlite-synchronous must be 'full' or 'normal', not '\(synchronous)'")
        }
        return try await SQLiteStorage.open(configuration: configuration, logger: logger)
    }
}

/// Sets up swift-log once for the process.
enum LoggingSetup {
    static func bootstrap(level: String) -> Logger {
        let logLevel = Logger.Level(rawValue: level.lowercased()) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = logLevel
            return handler
        }
        return Logger(label: "kumo")
    }
}
