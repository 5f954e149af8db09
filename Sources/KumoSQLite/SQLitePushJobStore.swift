import KumoStorage
import NCMBWire

/// `PushJobStore` on SQLite. STUB (issue 5 contract): every call fails until the push helper implements it.
struct SQLitePushJobStore: PushJobStore {
    let writer: SQLiteWriter
    let readers: SQLiteReaderPool

    func claimDue(now: WireDate, leaseUntil: WireDate, limit: Int) async throws -> [PushJob] {
        throw StorageError.unavailable("SQLitePushJobStore is not implemented yet.")
    }

    func complete(_ job: PushJob) async throws {
        throw StorageError.unavailable("SQLitePushJobStore is not implemented yet.")
    }

    func reschedule(_ job: PushJob, dueAt: WireDate) async throws {
        throw StorageError.unavailable("SQLitePushJobStore is not implemented yet.")
    }
}
