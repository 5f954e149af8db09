import KumoMemberwise
package import NCMBWire

/// `PushJobStore` on any SQL engine: the shared ``PushJobStatements``, every call one unit.
///
/// A claim selects the due jobs and leases them in the same unit. On PostgreSQL the select locks them
/// `FOR UPDATE SKIP LOCKED` (``SQLDialect/rowLock(alias:skippingLocked:)``), so concurrent claimers of this or other
/// instances skip each other's jobs, and a claimer that locks a job just leased by another sees its new lease and drops
/// it; on SQLite the single writer runs a claim's select and lease without any other write in between. Either way no
/// job is leased twice.
@PackageMemberwiseInit
package struct SQLPushJobStore<Engine: SQLEngine>: PushJobStore {
    let engine: Engine

    package func claimDue(now: WireDate, leaseUntil: WireDate, limit: Int) async throws -> [PushJob] {
        guard limit > 0 else { return [] }
        let dialect = engine.dialect
        let select = PushJobStatements.dueJobs(now: now, limit: limit, dialect: dialect)
        return try await engine.write { executor in
            let claimed = try await executor.rows(select).map(PushJobStatements.claimedJob)
            if !claimed.isEmpty {
                _ = try await executor.rows(PushJobStatements.lease(rowIds: claimed.map(\.rowId), until: leaseUntil, dialect: dialect))
            }
            return claimed.map(\.job)
        }
    }

    package func complete(_ job: PushJob) async throws {
        try await engine.write(PushJobStatements.complete(job, dialect: engine.dialect))
    }

    package func reschedule(_ job: PushJob, dueAt: WireDate) async throws {
        try await engine.write(PushJobStatements.reschedule(job, dueAt: dueAt, dialect: engine.dialect))
    }
}
