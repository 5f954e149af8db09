import KumoMemberwise
package import KumoSeams
package import KumoStorage
package import Logging
import NCMBWire

/// How long the dashboard's audit log keeps entries (`kumo serve --dashboard-audit-days`, docs/dashboard.md#audit-log):
/// entries older than ``days`` are deleted, in batches of ``pruneBatch``, every ``pruneIntervalMilliseconds`` by each
/// instance, as push outcomes are (docs/decisions/0082-per-device-push-outcomes.md). Zero days keeps entries forever.
///
/// `kumo serve` runs ``prune()`` on a schedule; tests call it after moving the injected clock.
@PackageMemberwiseInit
package struct AdministrationAuditRetention: Sendable {
    /// Where the audit log is.
    let storage: any StorageBackend
    /// What the age of an entry is measured against.
    let clock: any WallClock
    /// Where the number of removed entries and failures are logged.
    let logger: Logger
    /// How many days entries are kept; 0 keeps them forever.
    package let days: Int

    /// How often a running server prunes the audit log: hourly.
    package static let pruneIntervalMilliseconds: Int64 = 3_600_000
    /// The most entries one pruning statement deletes (``prune()`` repeats until none is left).
    package static let pruneBatch = 10_000

    /// Deletes the entries recorded more than ``days`` days ago, in batches of ``pruneBatch``, and logs how many went;
    /// returns that number (0 without a storage call when ``days`` is 0).
    ///
    /// - Throws: The first storage error; what was deleted before it stays deleted.
    @discardableResult
    package func prune() async throws -> Int {
        guard days > 0 else { return 0 }
        let cutoff = WireDate(millisecondsSince1970: clock.now().millisecondsSince1970 - Int64(days) * 86_400_000)
        var total = 0
        while true {
            let deleted = try await storage.admins.removeAuditEntries(
                before: cutoff, limit: AdministrationAuditRetention.pruneBatch)
            total += deleted
            guard deleted == AdministrationAuditRetention.pruneBatch else { break }
        }
        if total > 0 {
            logger.info("Removed old dashboard audit entries", metadata: ["count": "\(total)", "days": "\(days)"])
        }
        return total
    }
}
