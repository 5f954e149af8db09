import KumoMemberwise
package import KumoStorage
package import NCMBWire

/// How `kumo import` runs.
package struct ImportOptions: Sendable {
    /// Export files and folders.
    package var paths: [String]
    /// File bytes by name (`--files`); a Kumo export's `files/` folder is used when this is `nil`.
    package var filesDirectory: String?
    /// Validate everything, write nothing (`--dry-run`).
    package var isDryRun = false
    /// What to do with an objectId that is stored already (`--on-conflict`).
    package var conflict = BulkConflictMode.skip
    /// Restore the application settings of a Kumo export's manifest (`--restore-settings`).
    package var restoresSettings = false
    /// Objects per write unit: one transaction each, so a failure never leaves part of one written.
    package var objectsPerWrite = 2000
    /// Relation lists per write unit.
    package var relationsPerWrite = 500
    /// What the caller must tell the operator besides the counts (a new client key, keys kept): printed with the
    /// summary and written into the report's summary line.
    package var notices: [String] = []

    /// Creates options for `paths`.
    package init(paths: [String]) {
        self.paths = paths
    }
}

/// A user an import wrote without a usable password who has a mail address: where `--send-password-reset` mails.
@PackageMemberwiseInit
package struct PasswordResetCandidate: Sendable, Hashable {
    /// The user's objectId.
    package var objectId: String
    /// The user's mail address.
    package var mailAddress: String
}

/// What an import did.
package struct ImportResult: Sendable {
    /// The counts.
    package var summary: ImportSummary
    /// New users without a usable password who have a mail address.
    package var passwordResetCandidates: [PasswordResetCandidate]
}

/// The time sources of an import: the date given to objects without one, and seconds elapsed for progress.
package struct ImportClock: Sendable {
    /// Now, as a wire date.
    package var now: @Sendable () -> WireDate
    /// Seconds since a fixed point, never going back.
    package var elapsed: @Sendable () -> Double

    /// Creates a clock.
    package init(now: @escaping @Sendable () -> WireDate, elapsed: @escaping @Sendable () -> Double) {
        self.now = now
        self.elapsed = elapsed
    }

    /// The clock of a real import (`kumo import`, the dashboard's import jobs): dates from `now`, seconds elapsed on
    /// the continuous clock since this call.
    package static func live(now: @escaping @Sendable () -> WireDate) -> ImportClock {
        let start = ContinuousClock.now
        return ImportClock(now: now, elapsed: { (ContinuousClock.now - start).fractionalSeconds })
    }
}
