import KumoMemberwise
package import NCMBWire

/// One dashboard import job as its row in the database holds it (docs/decisions/0155-import-jobs-in-the-database.md):
/// the columns the store selects and leases by, and a document with the rest (files, progress, summary, failures, who
/// started it), which `KumoImportJobs` reads and writes; the store reads from it only the blobs it names
/// (``blobIds``), for the orphan sweep of ``blobNamespace``.
@PackageMemberwiseInit
package struct ImportJobRecord: Sendable, Hashable {
    /// The job's identifier.
    package var id: String
    /// The application it imports into.
    package var applicationId: String
    /// `staging`, `queued`, `running`, `finished` or `failed`.
    package var state: String
    /// When it was created.
    package var createDate: WireDate
    /// When it was last touched: the last upload while staging, the end once ended (what expiry counts from).
    package var activity: WireDate
    /// The instance whose runner holds the lease, if any.
    package var leaseOwner: String?
    /// When that lease ends; a job never leased has the epoch.
    package var leaseUntil: WireDate = WireDate(millisecondsSince1970: 0)
    /// Incremented by every ``ImportJobStore/update(_:condition:)``: a change based on an older read is refused.
    package var version: Int64 = 1
    /// Everything else of the job.
    package var document: JSONObject = [:]

    /// The states a job has not ended in.
    package static let unfinishedStates = ["staging", "queued", "running"]
    /// The states a runner claims a job in: queued, or running under a lease that ran out.
    package static let claimableStates = ["queued", "running"]
    /// The states a job has ended in.
    package static let endedStates = ["finished", "failed"]

    /// The blob store's namespace (in place of an application id) of the jobs' staged files and reports: no
    /// application's, so never a file of an application nor one of its orphans.
    package static let blobNamespace = "import-jobs"

    /// The blobs of ``blobNamespace`` the job names: each staged file's (`files[].blobId`) and its report's
    /// (`reportBlobId`).
    package var blobIds: [String] {
        var blobIds = (document["files"]?.arrayValue ?? []).compactMap { $0.objectValue?["blobId"]?.stringValue }
        if let report = document["reportBlobId"]?.stringValue { blobIds.append(report) }
        return blobIds
    }
}

/// What an ``ImportJobStore/update(_:condition:)`` requires of the stored row.
package enum ImportJobUpdateCondition: Sendable, Hashable {
    /// The row is still at this version (nobody changed it since it was read).
    case version(Int64)
    /// The row is leased to this owner (the runner that claimed it writes its progress and its end).
    case leasedBy(String)
}
