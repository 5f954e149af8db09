import Foundation
package import KumoStorage
package import Logging
package import NCMBWire

/// Scheduled backups of `kumo serve` on SQLite (`--backup-every 6h --backup-keep 14 --backup-dir DIR`): a backup every
/// `interval` into `directory` as `kumo-backup-<UTC time>.sqlite`, each verified (``SQLiteBackup``), the newest `keep`
/// kept.
package struct SQLiteBackupSchedule: Sendable, Hashable {
    /// Time between backups.
    package var interval: Duration
    /// How many backups stay; older ones are deleted after each new one.
    package var keep: Int
    /// Where the backups go.
    package var directory: String

    /// The prefix and suffix of scheduled backup files.
    static let prefix = "kumo-backup-"
    static let suffix = ".sqlite"

    /// Creates a schedule from its setting texts.
    ///
    /// - Parameters:
    ///   - every: `90s`, `30m`, `6h` or `1d` (at least a minute).
    ///   - keep: 1 or more.
    ///   - directory: the backup folder.
    /// - Throws: ``SQLiteBackup/Failure`` naming the bad setting.
    package init(every: String, keep: Int, directory: String) throws {
        guard let interval = Self.duration(every), interval >= .seconds(60) else {
            throw SQLiteBackup.Failure(description: "--backup-every must be a duration of at least 1m such as 30m, 6h or 1d, not '\(every)'")
        }
        guard keep >= 1 else { throw SQLiteBackup.Failure(description: "--backup-keep must be at least 1, not \(keep)") }
        guard !directory.isEmpty else { throw SQLiteBackup.Failure(description: "--backup-dir must name a folder") }
        self.interval = interval
        self.keep = keep
        self.directory = directory
    }

    /// `90s`, `30m`, `6h`, `1d` → a duration; `nil` for anything else.
    package static func duration(_ text: String) -> Duration? {
        guard let unit = text.last, let value = Int64(text.dropLast()), value > 0 else { return nil }
        switch unit {
        case "s": return .seconds(value)
        case "m": return .seconds(value * 60)
        case "h": return .seconds(value * 3600)
        case "d": return .seconds(value * 86_400)
        default: return nil
        }
    }

    /// The file name of a backup taken at `date`: `kumo-backup-20260101T000000Z.sqlite` (sorts by time).
    package static func fileName(at date: WireDate) -> String {
        let compact = date.formatted.filter { $0 != "-" && $0 != ":" }
        let withoutFraction = compact.split(separator: ".").first.map(String.init) ?? compact
        return prefix + withoutFraction + "Z" + suffix
    }

    /// The scheduled backups in `names` to delete so that the newest `keep` stay (other files are never touched).
    package static func expired(_ names: [String], keep: Int) -> [String] {
        let backups = names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }.sorted()
        return Array(backups.dropLast(keep))
    }

    /// Takes one backup at `date` into the folder and deletes the expired ones.
    package func run(at date: WireDate, databasePath: String, blobDirectory: String?, logger: Logger) async throws -> SQLiteBackup.Report {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = URL(fileURLWithPath: directory).appendingPathComponent(Self.fileName(at: date)).path
        let report = try await SQLiteBackup.backup(databasePath: databasePath, blobDirectory: blobDirectory, to: path, logger: logger)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        for name in Self.expired(names, keep: keep) {
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: directory).appendingPathComponent(name).path)
        }
        return report
    }

    /// Backs up every `interval` until the task is cancelled, as `kumo serve` runs it: `sleep` waits one interval (the
    /// server passes `Task.sleep`, tests a clock they advance), `now` dates each backup. A failed backup is logged and
    /// the next one is tried on time; `completed` sees every outcome.
    package func runRepeatedly(
        databasePath: String, blobDirectory: String?, logger: Logger, sleep: @Sendable (Duration) async throws -> Void,
        now: @Sendable () -> WireDate, completed: @Sendable (Result<SQLiteBackup.Report, any Error>) async -> Void = { _ in }
    ) async throws {
        while !Task.isCancelled {
            try await sleep(interval)
            guard !Task.isCancelled else { return }
            do {
                let report = try await run(at: now(), databasePath: databasePath, blobDirectory: blobDirectory, logger: logger)
                logger.info("backup written", metadata: ["path": "\(report.path)", "objects": "\(report.objects)", "files": "\(report.blobs)"])
                await completed(.success(report))
            } catch {
                logger.error("backup failed", metadata: ["error": "\(error)"])
                await completed(.failure(error))
            }
        }
    }
}
