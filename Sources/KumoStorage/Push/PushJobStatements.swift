package import NCMBWire

/// The dialect-neutral statements of `PushJobStore`, shared by both engines so that they run the same SQL.
///
/// A job is the `push_jobs` row keyed by its push object's `row_id`; the push's application and objectId come from
/// `objects` and `classes`. Dates are milliseconds since 1970. A job is due when `due_at <= now` and free when
/// `lease_until < now` (a fresh or rescheduled job has `lease_until = 0`). Due jobs are taken oldest due first, ties by
/// `row_id` (creation order).
package enum PushJobStatements {
    /// Result column names.
    package enum Column {
        /// `push_jobs.row_id`.
        package static let rowId = "row_id"
        /// `classes.application_id` of the push.
        package static let applicationId = "application_id"
        /// `objects.object_id` of the push.
        package static let pushId = "push_id"
        /// `push_jobs.due_at`.
        package static let dueAt = "due_at"
        /// `push_jobs.attempts`.
        package static let attempts = "attempts"
        /// `push_jobs.pending`: a JSON array of installation objectIds, or SQL `NULL`.
        package static let pending = "pending"
    }

    /// The due and free jobs, at most `limit`, oldest due first, with their push's application and objectId.
    ///
    /// The selected jobs are locked with ``SQLDialect/rowLock(alias:skippingLocked:)`` skipping locked ones, so that
    /// concurrent claimers on PostgreSQL pass each other's jobs; SQLite's single writer already serialises claims.
    package static func dueJobs(now: WireDate, limit: Int, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(
            dialect: dialect,
            """
            SELECT j.row_id AS \(Column.rowId), c.application_id AS \(Column.applicationId), o.object_id AS \(Column.pushId), \
            j.due_at AS \(Column.dueAt), j.attempts AS \(Column.attempts), j.pending AS \(Column.pending) \
            FROM push_jobs j JOIN objects o ON o.row_id = j.row_id JOIN classes c ON c.class_id = o.class_id WHERE j.due_at <= 
            """)
        let nowPlaceholder = statement.parameter(.date(now))
        statement.append(
            "\(sql: nowPlaceholder) AND j.lease_until < \(sql: nowPlaceholder) ORDER BY j.due_at, j.row_id LIMIT \(.count(limit))")
        statement.append(dialect.rowLock(alias: "j", skippingLocked: true))
        return statement
    }

    /// Leases the jobs of `rowIds` until `leaseUntil`.
    package static func lease(rowIds: [Int64], until leaseUntil: WireDate, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect,
            "UPDATE push_jobs SET lease_until = \(.date(leaseUntil)) WHERE row_id IN (\(list: rowIds.map(SQLValue.integer)))")
    }

    /// Deletes the job of a push.
    package static func complete(_ job: PushJob, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "DELETE FROM push_jobs WHERE row_id = ")
        statement.appendPushRow(job)
        return statement
    }

    /// Releases the job of a push for another attempt at `dueAt` with its `attempts` and pending installations.
    package static func reschedule(_ job: PushJob, dueAt: WireDate, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(
            dialect: dialect,
            """
            UPDATE push_jobs SET due_at = \(.date(dueAt)), attempts = \(.integer(Int64(job.attempts))), \
            pending = \(pendingValue(job.pendingInstallationIds)), lease_until = 0 WHERE row_id = 
            """)
        statement.appendPushRow(job)
        return statement
    }

    /// The `pending` column value: a JSON array of objectIds, or `NULL`.
    package static func pendingValue(_ installationIds: [String]?) -> SQLValue {
        guard let installationIds else { return .null }
        return .text(JSONValue.array(installationIds.map { .string($0) }).serializedString())
    }

    /// Decodes a row of ``dueJobs(now:limit:dialect:)``: the job and its `row_id`.
    ///
    /// - Throws: `StorageError.unavailable` when a required column is missing or `pending` is not an array of strings.
    package static func claimedJob(_ row: SQLRow) throws(StorageError) -> (rowId: Int64, job: PushJob) {
        guard let rowId = row.integer(Column.rowId),
            let job = job(
                applicationId: row.string(Column.applicationId), pushId: row.string(Column.pushId),
                dueAt: row.integer(Column.dueAt), attempts: row.integer(Column.attempts), pending: row.string(Column.pending))
        else { throw StorageError.unavailable("A push_jobs row could not be decoded.") }
        return (rowId, job)
    }

    /// Decodes a result row's columns into a job; `nil` when a required column is missing or `pending` is not an array
    /// of strings.
    private static func job(
        applicationId: String?, pushId: String?, dueAt: Int64?, attempts: Int64?, pending: String?
    ) -> PushJob? {
        guard let applicationId, let pushId, let dueAt, let attempts else { return nil }
        var pendingInstallationIds: [String]?
        if let pending {
            guard let elements = (try? JSONValue(parsing: pending))?.arrayValue else { return nil }
            let identifiers = elements.compactMap(\.stringValue)
            guard identifiers.count == elements.count else { return nil }
            pendingInstallationIds = identifiers
        }
        return PushJob(
            applicationId: applicationId, pushId: pushId, dueAt: WireDate(millisecondsSince1970: dueAt),
            attempts: Int(attempts), pendingInstallationIds: pendingInstallationIds)
    }
}

extension SQLStatement {
    /// Appends a scalar subquery yielding the `row_id` of the push object of `job`.
    fileprivate mutating func appendPushRow(_ job: PushJob) {
        append("(SELECT o.row_id FROM objects o WHERE ")
        appendObject(alias: "o", applicationId: job.applicationId, className: .push, objectId: job.pushId)
        append(")")
    }
}
