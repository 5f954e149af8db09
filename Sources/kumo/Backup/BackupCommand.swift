import ArgumentParser
import Foundation
import KumoS3
import KumoSQLite
import KumoSeams
import Logging

/// `kumo backup --out FILE`: a consistent snapshot while the server runs (SQLite: the database and the file bytes in
/// one file, verified with `PRAGMA integrity_check`; PostgreSQL: `pg_dump`, when installed). `FILE` may be
/// `s3://BUCKET/KEY`: the backup is written next to the data and uploaded (docs/decisions/0132-file-bytes-on-s3.md).
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Back up the data while the server runs: SQLite into one verified file, PostgreSQL with pg_dump.",
        discussion: """
            SQLite: the backup holds the database and the bytes of the file store (with --file-storage s3://… only the \
            database: the bucket keeps the bytes); restore it with kumo restore FILE. PostgreSQL: runs pg_dump \
            --format=custom (file bytes live in the database unless --file-storage says otherwise); restore with kumo \
            restore. --out s3://BUCKET/KEY uploads the backup (with --s3-endpoint, --s3-region and the AWS_* credentials).
            """)

    @Option(name: .customLong("out"), help: "The backup file to write, or s3://BUCKET/KEY.")
    var outputPath: String

    @OptionGroup var storageOptions: StorageOptions

    func run() async throws {
        let logger = LoggingSetup.bootstrap(level: "warning")
        let remote = try BackupLocation(outputPath, options: storageOptions)
        let localPath = remote?.stagingPath(dataDirectory: storageOptions.dataDirectory) ?? outputPath
        if let remote { try await storageOptions.fileStorage.checkBucket(S3BlobStore(client: remote.archive.client)) }
        defer { if remote != nil { try? FileManager.default.removeItem(atPath: localPath) } }
        let summary: String
        if storageOptions.usesPostgres {
            try PostgresDump.run(databaseURL: storageOptions.database, outputPath: localPath)
            summary = "pg_dump wrote \(outputPath); restore it with kumo restore \(outputPath) --database <url>"
        } else {
            let report = try await SQLiteBackup.backup(
                databasePath: storageOptions.databasePath,
                blobDirectory: storageOptions.fileStorage.usesS3 ? nil : storageOptions.databasePath + "-files", to: localPath, logger: logger)
            let files = storageOptions.fileStorage.usesS3 ? "no file bytes (they are in the bucket)" : "\(report.blobs) files (\(report.blobBytes) bytes)"
            summary = "backed up \(report.objects) objects and \(files) to \(outputPath); integrity check ok"
        }
        if let remote { try await remote.archive.upload(file: localPath, as: remote.name) }
        print(summary)
    }
}

/// `kumo restore FILE`: puts a `kumo backup` back into an empty data directory (SQLite; stop the server first), or a
/// `pg_dump` into PostgreSQL. `FILE` may be `s3://BUCKET/KEY`.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a kumo backup into the data directory (SQLite; the server must be stopped) or a PostgreSQL database.",
        discussion: """
            PostgreSQL: runs pg_restore --clean --if-exists --single-transaction on the pg_dump file of kumo backup, replacing \
            the tables it holds (stop the servers first). An s3://BUCKET/KEY backup is downloaded first.
            """)

    @Argument(help: "The backup file, or s3://BUCKET/KEY.")
    var backupPath: String

    @Flag(name: .customLong("force"), help: "Replace an existing database and its file bytes.")
    var force = false

    @OptionGroup var storageOptions: StorageOptions

    func run() async throws {
        let remote = try BackupLocation(backupPath, options: storageOptions)
        let localPath = remote?.stagingPath(dataDirectory: storageOptions.dataDirectory) ?? backupPath
        if let remote {
            try await storageOptions.fileStorage.checkBucket(S3BlobStore(client: remote.archive.client))
            try await remote.archive.download(remote.name, to: localPath)
        }
        defer { if remote != nil { try? FileManager.default.removeItem(atPath: localPath) } }
        if storageOptions.usesPostgres {
            try PostgresDump.restore(databaseURL: storageOptions.database, backupPath: localPath)
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
            let report = try await SQLiteBackup.restore(backupPath: localPath, databasePath: databasePath, blobDirectory: blobDirectory)
            print("restored \(report.objects) objects and \(report.blobs) files (\(report.blobBytes) bytes) into \(databasePath)")
        } catch let failure as SQLiteBackup.Failure {
            throw ValidationError(failure.description)
        }
    }
}

/// A backup's place in a bucket: `s3://BUCKET/PATH/NAME` as an archive over `BUCKET/PATH/` and the name.
struct BackupLocation {
    let archive: S3BackupArchive
    let name: String

    /// The location of an `s3://` path, `nil` for a local one.
    init?(_ path: String, options: StorageOptions) throws {
        guard path.hasPrefix("s3://") else { return nil }
        let rest = path.dropFirst("s3://".count)
        guard let slash = rest.lastIndex(of: "/"), rest.firstIndex(of: "/") != nil, rest.index(after: slash) < rest.endIndex else {
            throw ValidationError("\(path) must name an object: s3://BUCKET/KEY")
        }
        var storage = options.fileStorage
        storage.location = "s3://" + rest[..<slash]
        let location = try storage.s3Location()
        archive = S3BackupArchive(client: S3Client(location: location, credentials: try FileStorageOptions.credentials()))
        name = String(rest[rest.index(after: slash)...])
    }

    /// Where the backup is staged on the local disk, beside the data (the folder is created when missing).
    func stagingPath(dataDirectory: String) -> String {
        try? FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        return URL(fileURLWithPath: dataDirectory).appendingPathComponent(".backup-staging-\(name)").path
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
