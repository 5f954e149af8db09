import ArgumentParser
import Foundation
import KumoSQLite
import KumoSeams
import Logging

/// `kumo backup --out FILE`: a consistent snapshot while the server runs (SQLite: the database and the file bytes in
/// one file, verified with `PRAGMA integrity_check`; PostgreSQL: `pg_dump`, when installed).
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Back up the data while the server runs: SQLite into one verified file, PostgreSQL with pg_dump.",
        discussion: """
            SQLite: the backup holds the database and the bytes of the file store; restore it with kumo restore FILE.
            PostgreSQL: runs pg_dump --format=custom (file bytes live in the database); restore with pg_restore.
            """)

    @Option(name: .customLong("out"), help: "The backup file to write.")
    var outputPath: String

    @OptionGroup var storageOptions: StorageOptions

    func run() async throws {
        let logger = LoggingSetup.bootstrap(level: "warning")
        if storageOptions.usesPostgres {
            try PostgresDump.run(databaseURL: storageOptions.database, outputPath: outputPath)
            print("pg_dump wrote \(outputPath); restore it with kumo restore \(outputPath) --database <url>")
            return
        }
        let report = try await SQLiteBackup.backup(
            databasePath: storageOptions.databasePath, blobDirectory: storageOptions.databasePath + "-files", to: outputPath, logger: logger)
        print("backed up \(report.objects) objects and \(report.blobs) files (\(report.blobBytes) bytes) to \(report.path); integrity check ok")
    }
}

/// `kumo restore FILE`: puts a `kumo backup` back into an empty data directory (SQLite; stop the server first).
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a kumo backup into the data directory (SQLite; the server must be stopped) or a PostgreSQL database.",
        discussion: """
            PostgreSQL: runs pg_restore --clean --if-exists --single-transaction on the pg_dump file of kumo backup, replacing \
            the tables it holds (stop the servers first).
            """)

    @Argument(help: "The backup file.")
    var backupPath: String

    @Flag(name: .customLong("force"), help: "Replace an existing database and its file bytes.")
    var force = false

    @OptionGroup var storageOptions: StorageOptions

    func run() async throws {
        if storageOptions.usesPostgres {
            try PostgresDump.restore(databaseURL: storageOptions.database, backupPath: backupPath)
            print("pg_restore restored \(backupPath)")
            return
        }
        try FileManager.default.createDirectory(atPath: storageOptions.dataDirectory, withIntermediateDirectories: true)
        let databasePath = storageOptions.databasePath
        let blobDirectory = databasePath + "-files"
        if force {
            for path in [databasePath, databasePath + "-wal", databasePath + "-shm", blobDirectory] {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        do {
            let report = try await SQLiteBackup.restore(backupPath: backupPath, databasePath: databasePath, blobDirectory: blobDirectory)
            print("restored \(report.objects) objects and \(report.blobs) files (\(report.blobBytes) bytes) into \(databasePath)")
        } catch let failure as SQLiteBackup.Failure {
            throw ValidationError(failure.description)
        }
    }
}

/// `pg_dump` and `pg_restore` of a PostgreSQL database (its schema only, with `?schema=`), checked for first.
enum PostgresDump {
    static func run(databaseURL: String, outputPath: String) throws {
        let (connection, schema) = try split(databaseURL)
        var arguments = ["--format=custom", "--file", outputPath]
        if let schema { arguments += ["--schema", schema] }
        try execute("pg_dump", arguments + [connection])
    }

    /// Replaces what the dump at `backupPath` holds, all or nothing.
    static func restore(databaseURL: String, backupPath: String) throws {
        guard FileManager.default.isReadableFile(atPath: backupPath) else { throw ValidationError("\(backupPath) cannot be read") }
        let (connection, _) = try split(databaseURL)
        try execute("pg_restore", ["--clean", "--if-exists", "--no-owner", "--single-transaction", "--exit-on-error", "--dbname", connection, backupPath])
    }

    /// The connection URL libpq accepts (without Kumo's `schema` parameter) and that schema.
    private static func split(_ databaseURL: String) throws -> (connection: String, schema: String?) {
        guard var components = URLComponents(string: databaseURL) else { throw ValidationError("--database is not a URL") }
        let schema = components.queryItems?.first { $0.name == "schema" }?.value
        components.queryItems = components.queryItems?.filter { $0.name != "schema" }
        if components.queryItems?.isEmpty == true { components.queryItems = nil }
        return (components.string ?? databaseURL, schema)
    }

    private static func execute(_ name: String, _ arguments: [String]) throws {
        guard let executable = locate(name) else {
            throw ValidationError(
                "\(name) was not found on PATH: install the PostgreSQL client tools (e.g. apt-get install postgresql-client) "
                    + "or back up with your provider's snapshots; see docs/deployment.md")
        }
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("\(name) failed with status \(process.terminationStatus)") }
    }

    /// The first executable `name` on `PATH`.
    static func locate(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
