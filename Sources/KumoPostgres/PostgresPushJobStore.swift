import KumoStorage
import NCMBWire

/// `PushJobStore` on PostgreSQL. STUB (issue 5 contract): every call fails until the push helper implements it.
struct PostgresPushJobStore: PushJobStore {
    let database: PostgresDatabase

    func claimDue(now: WireDate, leaseUntil: WireDate, limit: Int) async throws -> [PushJob] {
        throw StorageError.unavailable("PostgresPushJobStore is not implemented yet.")
    }

    func complete(_ job: PushJob) async throws {
        throw StorageError.unavailable("PostgresPushJobStore is not implemented yet.")
    }

    func reschedule(_ job: PushJob, dueAt: WireDate) async throws {
        throw StorageError.unavailable("PostgresPushJobStore is not implemented yet.")
    }
}
