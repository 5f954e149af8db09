import Foundation
import KumoS3
import KumoSeams
import KumoServer
import KumoSQLite
import Logging
import ServiceLifecycle

/// Runs the scheduled backups of `kumo serve` (SQLite) until the server shuts down; a failed backup is logged and
/// the next one is tried on time (``SQLiteBackupSchedule/runRepeatedly(databasePath:blobDirectory:logger:sleep:now:completed:)``).
///
/// With `--backup-dir s3://…` each backup is staged in the schedule's local folder, uploaded to the bucket, removed
/// locally, and the bucket keeps the newest `--backup-keep` (docs/decisions/0132-file-bytes-on-s3.md).
struct BackupScheduler: Service {
    let schedule: SQLiteBackupSchedule
    let databasePath: String
    /// Whether the engine's file bytes go into each backup (not when they live in a bucket).
    let copiesFileBytes: Bool
    /// Where backups go when not in a local folder.
    let archive: S3BackupArchive?
    let clock: any WallClock
    let logger: Logger

    func run() async throws {
        let (clock, archive, keep, logger) = (clock, archive, schedule.keep, logger)
        try await cancelWhenGracefulShutdown {
            try await schedule.runRepeatedly(
                databasePath: databasePath, blobDirectory: copiesFileBytes ? databasePath + "-files" : nil, logger: logger,
                sleep: { try await Task.sleep(for: $0) }, now: { clock.now() },
                completed: { result in
                    guard let archive, case .success(let report) = result else { return }
                    await BackupScheduler.upload(report.path, to: archive, keep: keep, logger: logger)
                })
        }
    }

    /// Uploads a staged backup, removes it locally and deletes the bucket's backups beyond the newest `keep`.
    static func upload(_ path: String, to archive: S3BackupArchive, keep: Int, logger: Logger) async {
        let name = URL(fileURLWithPath: path).lastPathComponent
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            try await archive.upload(file: path, as: name)
            try await archive.keepNewest(keep) { SQLiteBackupSchedule.expired([$0], keep: 0) == [$0] }
            logger.info(
                "backup uploaded", metadata: ["bucket": "\(archive.client.location.bucket)", "key": "\(archive.client.location.key(name))"])
        } catch {
            logger.error("backup upload failed", metadata: ["path": "\(path)", "error": "\(error)"])
        }
    }
}
