import KumoStorage
import NCMBWire

/// `PushJobStore` on SQLite: the shared ``PushJobStatements``, every call one unit of the single writer, so a claim's
/// select and lease run without any other write in between and two claimers never lease the same job.
struct SQLitePushJobStore: PushJobStore {
    let writer: SQLiteWriter
    let readers: SQLiteReaderPool
    let dialect = SQLiteDialect()

    func claimDue(now: WireDate, leaseUntil: WireDate, limit: Int) async throws -> [PushJob] {
        guard limit > 0 else { return [] }
        let select = PushJobStatements.dueJobs(now: now, limit: limit, lockingClause: "", dialect: dialect)
        return try await writer.perform { [dialect] transaction in
            var rowIds: [Int64] = []
            var jobs: [PushJob] = []
            for row in try transaction.rows(select) {
                typealias Column = PushJobStatements.Column
                guard let rowId = row.column(Column.rowId)?.integer,
                    let job = PushJobStatements.job(
                        applicationId: row.column(Column.applicationId)?.string, pushId: row.column(Column.pushId)?.string,
                        dueAt: row.column(Column.dueAt)?.integer, attempts: row.column(Column.attempts)?.integer,
                        pending: row.column(Column.pending)?.string)
                else { throw StorageError.unavailable("A push_jobs row could not be decoded.") }
                rowIds.append(rowId)
                jobs.append(job)
            }
            if !rowIds.isEmpty { try transaction.rows(PushJobStatements.lease(rowIds: rowIds, until: leaseUntil, dialect: dialect)) }
            return jobs
        }
    }

    func complete(_ job: PushJob) async throws {
        let statement = PushJobStatements.complete(job, dialect: dialect)
        try await writer.perform { transaction in _ = try transaction.rows(statement) }
    }

    func reschedule(_ job: PushJob, dueAt: WireDate) async throws {
        let statement = PushJobStatements.reschedule(job, dueAt: dueAt, dialect: dialect)
        try await writer.perform { transaction in _ = try transaction.rows(statement) }
    }
}
