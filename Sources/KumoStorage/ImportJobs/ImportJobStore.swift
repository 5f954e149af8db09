package import NCMBWire

/// The dashboard's import jobs, shared by every instance on the database (docs/dashboard.md#import-and-export,
/// docs/decisions/0155-import-jobs-in-the-database.md).
///
/// A job's row changes only by compare-and-set: ``update(_:condition:)`` and ``delete(id:version:)`` apply only while
/// the row is at the version the caller read (or, for a runner, while it holds the lease), so two instances never both
/// win a change. A runner takes a queued job, or a running job whose lease ran out, with ``claim(owner:now:leaseUntil:)``
/// — exactly one of concurrent claimers gets it — and keeps it with ``renew(id:owner:leaseUntil:)``.
package protocol ImportJobStore: Sendable {
    /// Stores a new job.
    ///
    /// - Throws: a storage error (the id is taken, the engine failed).
    func insert(_ record: ImportJobRecord) async throws

    /// The job with this id, or `nil`.
    func job(id: String) async throws -> ImportJobRecord?

    /// The jobs of an application, newest first.
    func jobs(applicationId: String) async throws -> [ImportJobRecord]

    /// Every job of every application (the orphan sweep of ``ImportJobRecord/blobNamespace`` reads the blobs they
    /// name; expiry keeps their number small).
    func all() async throws -> [ImportJobRecord]

    /// How many jobs of any application have not ended.
    func unfinishedCount() async throws -> Int

    /// Writes `record`'s state, activity, lease and document, at the next version, when `condition` holds.
    ///
    /// - Returns: the stored record, or `nil` when the condition failed or the job is gone.
    func update(_ record: ImportJobRecord, condition: ImportJobUpdateCondition) async throws -> ImportJobRecord?

    /// Deletes the job when it is still at `version`; returns whether it did.
    func delete(id: String, version: Int64) async throws -> Bool

    /// Leases to `owner` until `leaseUntil` the oldest job that is queued, or running under a lease that ended before
    /// `now`. The state is left as it was, so the caller sees whether it took over another runner's job.
    ///
    /// - Returns: the claimed job at its new version, or `nil` when there is none to claim.
    func claim(owner: String, now: WireDate, leaseUntil: WireDate) async throws -> ImportJobRecord?

    /// Extends `owner`'s lease of a job it still holds and that has not ended (its lease may have run out,
    /// as long as nobody claimed the job since).
    ///
    /// - Returns: whether `owner` still holds the job.
    func renew(id: String, owner: String, leaseUntil: WireDate) async throws -> Bool

    /// The jobs staging with no activity since before `stagingBefore`, and the ended jobs that ended before
    /// `endedBefore`, at most `limit`, oldest first.
    func expired(stagingBefore: WireDate, endedBefore: WireDate, limit: Int) async throws -> [ImportJobRecord]
}
