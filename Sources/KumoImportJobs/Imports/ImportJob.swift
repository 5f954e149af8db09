import Foundation
package import KumoImport
package import KumoStorage
package import NCMBWire

/// One import of the dashboard (docs/dashboard.md#import-and-export): the files uploaded into it, then, once started,
/// `kumo import`'s progress, summary and failures. Stored as an ``ImportJobRecord`` in the database, its staged files and
/// report in the blob store (docs/decisions/0155-import-jobs-in-the-database.md), so any instance lists, follows and
/// finishes it.
package struct ImportJob: Sendable {
    /// Where a job stands.
    package enum State: String, Sendable, Hashable {
        /// Taking uploads.
        case staging
        /// Started, waiting for a runner of any instance.
        case queued
        /// Importing, on the instance that holds its lease.
        case running
        /// Ended: the summary and the report are there.
        case finished
        /// Stopped before its end (a malformed file, a conflict in `fail` mode, a storage failure, its runner's instance
        /// stopped): `error` says why.
        case failed

        /// Whether the job has ended.
        package var hasEnded: Bool { self == .finished || self == .failed }
    }

    /// One uploaded file.
    package struct StagedFile: Sendable, Hashable {
        /// The name: `GameScore.json`, `manifest.json`, `relations/GameScore.json`, or a file store's file name.
        package var name: String
        /// Its size in bytes.
        package var size: Int64
        /// An export file or file bytes.
        package var kind: ImportFileKind
        /// The class of an export file of objects.
        package var className: String?
        /// Its bytes' blob in ``ImportJobs/blobNamespace`` of the blob store.
        package var blobId: String
    }

    /// The job's identifier.
    package let id: String
    /// The application it imports into.
    package let applicationId: String
    /// That application's name (as the job was created).
    package let applicationName: String
    /// Where it stands.
    package var state = State.staging
    /// Whether nothing is written.
    package let isDryRun: Bool
    /// What to do with objectIds that are stored already.
    package let conflict: BulkConflictMode
    /// The administrator who created it.
    package let createdBy: String
    /// When it was created.
    package let createDate: WireDate
    /// When a file was last uploaded into it while it was staging (an expired staging job is removed).
    package var lastActivity: WireDate?
    /// When it was started.
    package var startDate: WireDate?
    /// When it ended (``State/finished`` or ``State/failed``).
    package var endDate: WireDate?
    /// Who started it and from where (the end is audited as them).
    package var startedBy: (email: String, address: String?)?
    /// The uploaded files, in upload order (a file uploaded again replaces the earlier one).
    package var files: [StagedFile] = []
    /// Bytes staged.
    package var stagedBytes: Int64 = 0
    /// The last progress the importer reported, as the API shows it.
    package var progress: JSONValue?
    /// The summary, at the end, as the API shows it.
    package var summary: JSONValue?
    /// The first failures (``ImportJobs/Limits/failuresShown``) as the API shows them; the report holds all.
    package var failures: [JSONValue] = []
    /// How many objects failed.
    package var failureCount = 0
    /// Why the job failed.
    package var error: String?
    /// The report's blob in ``ImportJobs/blobNamespace``, once the job ended with a report.
    package var reportBlobId: String?
    /// The stored row's version (``ImportJobStore/update(_:condition:)``) and lease.
    package var version: Int64 = 1
    /// The instance whose runner holds the job, and until when.
    package var lease: (owner: String, until: WireDate)?

    /// Whether the report is there.
    package var hasReport: Bool { reportBlobId != nil }

    /// The job as the dashboard's API shows it (docs/dashboard.md#import-and-export).
    package var json: JSONValue {
        let files: [JSONValue] = files.map { file in
            [
                "name": .string(file.name), "size": .integer(file.size), "kind": .string(file.kind.rawValue),
                "className": file.className.map(JSONValue.string) ?? .null,
            ]
        }
        return [
            "id": .string(id), "application": .string(applicationName), "state": .string(state.rawValue), "dryRun": .bool(isDryRun),
            "onConflict": .string(conflict.rawValue), "createdBy": .string(createdBy), "createDate": .string(createDate.formatted),
            "startDate": startDate.map { .string($0.formatted) } ?? .null, "endDate": endDate.map { .string($0.formatted) } ?? .null,
            "files": .array(files), "stagedBytes": .integer(stagedBytes), "progress": progress ?? .null,
            "summary": summary ?? .null, "failureCount": .integer(Int64(failureCount)), "failures": .array(failures),
            "error": error.map(JSONValue.string) ?? .null,
        ]
    }

    /// A report's file path as the job names it: the uploaded name (`GameScore.json`, `relations/GameScore.json`).
    static func shortName(_ path: String) -> String {
        guard let range = path.range(of: "/\(ImportJobs.exportFolder)/") else { return path }
        return String(path[range.upperBound...])
    }

    /// A failure as the API shows it: its file by the uploaded name.
    static func json(_ failure: ImportFailure) -> JSONValue {
        var object = failure.json.objectValue ?? [:]
        object["file"] = .string(shortName(failure.file))
        return .object(object)
    }

    static func json(_ progress: ImportProgressSnapshot) -> JSONValue {
        [
            "phase": .string(progress.phase.rawValue), "className": .string(progress.className),
            "done": .integer(Int64(progress.done)), "total": .integer(Int64(progress.total)),
            "elapsedSeconds": .double(progress.elapsed),
        ]
    }

    static func json(_ summary: ImportSummary) -> JSONValue {
        func counts(_ counts: ImportClassCounts) -> JSONObject {
            [
                "imported": .integer(Int64(counts.imported)), "replaced": .integer(Int64(counts.replaced)),
                "skipped": .integer(Int64(counts.skipped)), "failed": .integer(Int64(counts.failed)),
            ]
        }
        let classes: [JSONValue] = summary.classes.map { entry in
            var object: JSONObject = ["className": .string(entry.name)]
            for (key, value) in counts(entry.counts).pairs { object[key] = value }
            return .object(object)
        }
        return [
            "dryRun": .bool(summary.isDryRun), "classes": .array(classes), "total": .object(counts(summary.total)),
            "relationMembers": .integer(Int64(summary.relationMembers)),
            "missingRelationTargets": .integer(Int64(summary.missingRelationTargets)),
            "missingRelationOwners": .integer(Int64(summary.missingRelationOwners)),
            "usersWithoutPassword": .integer(Int64(summary.usersWithoutPassword)),
            "usersWithMailAddress": .integer(Int64(summary.usersWithMailAddress)),
            "filesWithBytes": .integer(Int64(summary.filesWithBytes)),
            "classPermissionsRestored": .integer(Int64(summary.classPermissionsRestored)),
            "settingsRestored": .bool(summary.settingsRestored), "scriptsRestored": .integer(Int64(summary.scriptsRestored)),
            "indexesRestored": .integer(Int64(summary.indexesRestored)),
        ]
    }
}
