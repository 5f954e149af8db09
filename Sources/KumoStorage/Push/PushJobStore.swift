import KumoMemberwise
package import NCMBWire

/// The durable delivery queue of push notifications (docs/wire/endpoints/push.md): one job per push that is still to be
/// sent.
///
/// A job is created in the same transaction as its push object (`NewObject.pushDueAt`), follows its due time when a
/// `PUT` changes `deliveryTime` (`ObjectUpdate.pushDueAt`) and disappears with the push (`ON DELETE CASCADE`). Workers of
/// any number of Kumo instances claim due jobs with a lease (PostgreSQL: `FOR UPDATE SKIP LOCKED`), so each job is
/// worked by one instance at a time and a job whose worker died is claimed again once its lease has run out.
package protocol PushJobStore: Sendable {
    /// Leases up to `limit` jobs whose due time is at or before `now` and whose lease (if any) ended before `now`,
    /// oldest due first; each stays leased to the caller until `leaseUntil`.
    func claimDue(now: WireDate, leaseUntil: WireDate, limit: Int) async throws -> [PushJob]

    /// Removes the job of a push (delivered, expired, failed for good). Removing a missing job is not an error.
    func complete(_ job: PushJob) async throws

    /// Releases the job for another attempt at `dueAt`, storing its `attempts` and `pendingInstallationIds`.
    func reschedule(_ job: PushJob, dueAt: WireDate) async throws
}

/// One claimed delivery job.
@PackageMemberwiseInit
package struct PushJob: Sendable, Hashable {
    /// The push object's application.
    package var applicationId: String
    /// The push object's objectId (class `push`).
    package var pushId: String
    /// When the job became (or becomes) due.
    package var dueAt: WireDate
    /// How many attempts were made before this one.
    package var attempts: Int = 0
    /// The installations still to send to after a partial failure, by objectId; `nil` before the first attempt (the
    /// segment has not been resolved yet).
    package var pendingInstallationIds: [String]?
}
