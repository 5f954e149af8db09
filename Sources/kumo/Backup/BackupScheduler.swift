import KumoSeams
import KumoServer
import KumoSQLite
import Logging
import ServiceLifecycle

/// Runs the scheduled backups of `kumo serve` (SQLite) until the server shuts down; a failed backup is logged and
/// the next one is tried on time.
struct BackupScheduler: Service {
    let schedule: SQLiteBackupSchedule
    let databasePath: String
    let clock: any WallClock
    let logger: Logger

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await Task.sleep(for: schedule.interval)
                do {
                    let report = try await schedule.run(
                        at: clock.now(), databasePath: databasePath, blobDirectory: databasePath + "-files", logger: logger)
                    logger.info(
                        "backup written",
                        metadata: ["path": "\(report.path)", "objects": "\(report.objects)", "files": "\(report.blobs)"])
                } catch {
                    logger.error("backup failed", metadata: ["error": "\(error)"])
                }
            }
        }
    }
}
