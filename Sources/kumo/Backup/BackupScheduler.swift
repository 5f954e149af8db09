import KumoSeams
import KumoServer
import KumoSQLite
import Logging
import ServiceLifecycle

/// Runs the scheduled backups of `kumo serve` (SQLite) until the server shuts down; a failed backup is logged and
/// the next one is tried on time (``SQLiteBackupSchedule/runRepeatedly(databasePath:blobDirectory:logger:sleep:now:completed:)``).
struct BackupScheduler: Service {
    let schedule: SQLiteBackupSchedule
    let databasePath: String
    let clock: any WallClock
    let logger: Logger

    func run() async throws {
        let clock = clock
        try await cancelWhenGracefulShutdown {
            try await schedule.runRepeatedly(
                databasePath: databasePath, blobDirectory: databasePath + "-files", logger: logger,
                sleep: { try await Task.sleep(for: $0) }, now: { clock.now() })
        }
    }
}
