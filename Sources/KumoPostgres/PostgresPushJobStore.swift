import KumoStorage
import NCMBWire

/// `PushJobStore` on PostgreSQL: the shared ``PushJobStatements``. A claim selects the due jobs `FOR UPDATE SKIP LOCKED`
/// and leases them in the same transaction, so concurrent claimers (of this or other instances) skip each other's jobs
/// and never lease one job twice; a claimer that locks a job just leased by another sees its new lease and drops it.
struct PostgresPushJobStore: PushJobStore {
    let database: PostgresDatabase
    let dialect = PostgresDialect()

    func claimDue(now: WireDate, leaseUntil: WireDate, limit: Int) async throws -> [PushJob] {
        guard limit > 0 else { return [] }
        let select = PushJobStatements.dueJobs(now: now, limit: limit, lockingClause: " FOR UPDATE OF j SKIP LOCKED", dialect: dialect)
        return try await database.write { [dialect] transaction in
            var rowIds: [Int64] = []
            var jobs: [PushJob] = []
            for row in try await transaction.rows(select) {
                typealias Column = PushJobStatements.Column
                guard let rowId = row.integer(Column.rowId),
                    let job = PushJobStatements.job(
                        applicationId: row.string(Column.applicationId), pushId: row.string(Column.pushId),
                        dueAt: row.integer(Column.dueAt), attempts: row.integer(Column.attempts), pending: row.string(Column.pending))
                else { throw StorageError.unavailable("A push_jobs row could not be decoded.") }
                rowIds.append(rowId)
                jobs.append(job)
            }
            if !rowIds.isEmpty { _ = try await transaction.rows(PushJobStatements.lease(rowIds: rowIds, until: leaseUntil, dialect: dialect)) }
            return jobs
        }
    }

    func complete(_ job: PushJob) async throws {
        let statement = PushJobStatements.complete(job, dialect: dialect)
        try await database.write { transaction in _ = try await transaction.rows(statement) }
    }

    func reschedule(_ job: PushJob, dueAt: WireDate) async throws {
        let statement = PushJobStatements.reschedule(job, dueAt: dueAt, dialect: dialect)
        try await database.write { transaction in _ = try await transaction.rows(statement) }
    }
}
