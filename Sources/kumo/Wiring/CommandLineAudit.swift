import Foundation
import KumoImport
import KumoSeams
import KumoStorage
import NCMBWire

/// The audit entries of changes made on the command line: each `kumo` command that changes an application writes the
/// entry the dashboard writes for the same change, with `cli` as the administrator and no address, into the same log
/// (docs/dashboard.md#audit-log).
enum CommandLineAudit {
    /// The administrator of every entry written by a command.
    static let actor = "cli"

    /// Appends an entry after its change took effect. A failure to write it does not undo the change nor fail the
    /// command: the change happened, so it is said on standard error, with what the entry held (never its detail).
    static func record(
        _ action: String, in storage: any StorageBackend, application: String?, target: String?, detail: JSONObject = [:]
    ) async {
        let entry = AdminAuditEntry(
            time: SystemWallClock().now(), admin: actor, action: action, application: application, target: target, detail: detail)
        do {
            try await storage.admins.appendAudit(entry)
        } catch {
            let message =
                "Warning: the change was made, but its audit entry (\(action) of \(application ?? "-") \(target ?? "")) "
                + "could not be written: \(error)\n"
            FileHandle.standardError.write(Data(message.utf8))
        }
    }
}

extension CommandLineAudit {
    /// `settings.update` of a settings change, with the keys it changed (never their values); nothing when it changed
    /// nothing, as in the dashboard.
    static func settingsChanged(_ changedKeys: [String], in storage: any StorageBackend, application: HostedApplication) async {
        guard !changedKeys.isEmpty else { return }
        await record(
            "settings.update", in: storage, application: application.name, target: application.applicationId,
            detail: ["changed": .array(changedKeys.map(JSONValue.string))])
    }

    /// `import.run` of `kumo import` (not of a dry run): the folders it read, with the counts the dashboard's
    /// `import.finish` holds.
    static func imported(_ summary: ImportSummary, paths: [String], application: HostedApplication, in storage: any StorageBackend) async {
        let total = summary.total
        await record(
            "import.run", in: storage, application: application.name, target: paths.joined(separator: " "),
            detail: [
                "imported": .integer(Int64(total.imported)), "replaced": .integer(Int64(total.replaced)),
                "skipped": .integer(Int64(total.skipped)), "failed": .integer(Int64(total.failed)),
            ])
    }
}
