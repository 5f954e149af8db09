import KumoStorage

/// What an import did to one class.
package struct ImportClassCounts: Sendable, Hashable {
    /// Objects written as new.
    package var imported = 0
    /// Objects written over stored ones (`--on-conflict replace`).
    package var replaced = 0
    /// Objects left alone because their objectId was stored already (`--on-conflict skip`).
    package var skipped = 0
    /// Objects not written, each named in the report.
    package var failed = 0

    /// Creates empty counts.
    package init() {}

    /// Counts one outcome.
    mutating func count(_ outcome: BulkOutcome) {
        switch outcome {
        case .inserted: imported += 1
        case .replaced: replaced += 1
        case .skipped: skipped += 1
        case .failed: failed += 1
        }
    }
}

/// What an import did, for the summary it prints and the end of its report.
package struct ImportSummary: Sendable, Hashable {
    /// Whether nothing was written (`--dry-run`).
    package var isDryRun = false
    /// The counts of each class, in the order the classes were met.
    package private(set) var classes: [(name: String, counts: ImportClassCounts)] = []
    /// Relation members the export listed whose owner and target both exist (added, or already there).
    package var relationMembers = 0
    /// Relation members whose target object is not in the application.
    package var missingRelationTargets = 0
    /// Relation lists whose owner object is not in the application.
    package var missingRelationOwners = 0
    /// Whether the source was a `kumo export` folder (not an NCMB export): decides what the summary says of passwords.
    package var isKumoExport = false
    /// Users written without a usable password (NCMB exported passwords encrypted; a Kumo export without secrets
    /// carries none).
    package var usersWithoutPassword = 0
    /// Users written with the password hash a Kumo export with secrets carried: they log in with their old password.
    package var passwordsRestored = 0
    /// Password hash entries refused (not a Kumo bcrypt hash, or naming another user), each named in the report.
    package var passwordsRefused = 0
    /// What the operator must know besides the counts (``ImportOptions/notices``).
    package var notices: [String] = []
    /// Of those, users with a mail address, who can set a password through a reset mail.
    package var usersWithMailAddress = 0
    /// Password-reset mails sent (`--send-password-reset`).
    package var passwordResetsSent = 0
    /// File bytes written with their metadata.
    package var filesWithBytes = 0
    /// Class permissions restored from a Kumo export's manifest.
    package var classPermissionsRestored = 0
    /// Whether the application settings were restored from a Kumo export's manifest.
    package var settingsRestored = false
    /// Scripts deployed from a Kumo export's manifest, and manifest entries that were not scripts.
    package var scriptsRestored = 0
    package var scriptsSkipped = 0
    /// Indexes built from a Kumo export's manifest, and manifest entries that were not indexes.
    package var indexesRestored = 0
    package var indexesSkipped = 0

    /// Creates an empty summary.
    package init() {}

    /// The counts of a class (registering it in first-met order).
    package subscript(className: String) -> ImportClassCounts {
        get { classes.first { $0.name == className }?.counts ?? ImportClassCounts() }
        set {
            if let index = classes.firstIndex(where: { $0.name == className }) {
                classes[index].counts = newValue
            } else {
                classes.append((className, newValue))
            }
        }
    }

    /// Every class's counts added up.
    package var total: ImportClassCounts {
        classes.reduce(into: ImportClassCounts()) { total, entry in
            total.imported += entry.counts.imported
            total.replaced += entry.counts.replaced
            total.skipped += entry.counts.skipped
            total.failed += entry.counts.failed
        }
    }

    package static func == (lhs: ImportSummary, rhs: ImportSummary) -> Bool {
        lhs.isDryRun == rhs.isDryRun && lhs.classes.map(\.name) == rhs.classes.map(\.name)
            && lhs.classes.map(\.counts) == rhs.classes.map(\.counts) && lhs.relationMembers == rhs.relationMembers
            && lhs.missingRelationTargets == rhs.missingRelationTargets && lhs.missingRelationOwners == rhs.missingRelationOwners
            && lhs.usersWithoutPassword == rhs.usersWithoutPassword && lhs.usersWithMailAddress == rhs.usersWithMailAddress
            && lhs.passwordResetsSent == rhs.passwordResetsSent && lhs.filesWithBytes == rhs.filesWithBytes
            && lhs.classPermissionsRestored == rhs.classPermissionsRestored && lhs.settingsRestored == rhs.settingsRestored
            && lhs.scriptsRestored == rhs.scriptsRestored && lhs.scriptsSkipped == rhs.scriptsSkipped
            && lhs.indexesRestored == rhs.indexesRestored && lhs.indexesSkipped == rhs.indexesSkipped
            && lhs.passwordsRestored == rhs.passwordsRestored && lhs.passwordsRefused == rhs.passwordsRefused
            && lhs.isKumoExport == rhs.isKumoExport && lhs.notices == rhs.notices
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(classes.map(\.name))
        hasher.combine(relationMembers)
    }

    /// The table `kumo import` prints at the end.
    package var text: String {
        let header = ["class", "imported", "replaced", "skipped", "failed"]
        var rows = classes.map { entry in
            [entry.name, "\(entry.counts.imported)", "\(entry.counts.replaced)", "\(entry.counts.skipped)", "\(entry.counts.failed)"]
        }
        let total = total
        rows.append(["total", "\(total.imported)", "\(total.replaced)", "\(total.skipped)", "\(total.failed)"])
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == 0 ? cell + String(repeating: " ", count: widths[index] - cell.count)
                    : String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ")
        }
        var lines = [isDryRun ? "Dry run: nothing was written. This is what the import would do:" : "Import finished."]
        lines.append(line(header))
        lines += rows.map(line)
        lines.append("relation members: \(relationMembers)" + (missingRelationTargets > 0 ? ", \(missingRelationTargets) with a missing target" : "")
            + (missingRelationOwners > 0 ? ", \(missingRelationOwners) lists with a missing owner" : ""))
        if passwordsRestored > 0 { lines.append("passwords restored: \(passwordsRestored) (users log in with their old password)") }
        if passwordsRefused > 0 { lines.append("password hashes refused: \(passwordsRefused) (not Kumo's bcrypt; named in the report)") }
        if usersWithoutPassword > 0 {
            let reason = isKumoExport ? "the export carries no password hash for them: export with --include-secrets" : "NCMB exports passwords encrypted"
            lines.append(
                "users without a usable password: \(usersWithoutPassword) (\(reason)); "
                    + "\(usersWithMailAddress) have a mail address and can set one with a password reset"
                    + (passwordResetsSent > 0 ? "; reset mails sent: \(passwordResetsSent)" : " (--send-password-reset mails them)"))
        }
        if filesWithBytes > 0 { lines.append("files with bytes: \(filesWithBytes)") }
        if classPermissionsRestored > 0 { lines.append("class permissions restored: \(classPermissionsRestored)") }
        if settingsRestored { lines.append("application settings restored") }
        if scriptsRestored > 0 { lines.append("scripts deployed: \(scriptsRestored)") }
        if scriptsSkipped > 0 { lines.append("script entries skipped (not a script): \(scriptsSkipped)") }
        if indexesRestored > 0 { lines.append("indexes built: \(indexesRestored)") }
        if indexesSkipped > 0 { lines.append("index entries skipped (not an index): \(indexesSkipped)") }
        lines += notices.map { "warning: \($0)" }
        return lines.joined(separator: "\n")
    }
}
