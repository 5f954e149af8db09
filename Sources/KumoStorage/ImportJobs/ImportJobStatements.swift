package import NCMBWire

/// The dialect-neutral statements of `ImportJobStore` (`import_jobs`, docs/decisions/0155-import-jobs-in-the-database.md),
/// shared by both engines. Dates are milliseconds since 1970; `document` is JSON text; a job never leased has
/// `lease_until = 0`. Every change is conditional (a version or a lease), and every change returns the changed row, so
/// the caller knows whether it won.
package enum ImportJobStatements {
    /// How many candidates one claim tries before it gives up (each may be taken by a concurrent claimer first).
    package static let candidatesPerClaim = 8

    /// The columns of a job, in the order of ``record(_:)``.
    private static let columns =
        "job_id, application_id, state, create_date, activity, lease_owner, lease_until, version, document"

    /// Inserts a job.
    package static func insert(_ record: ImportJobRecord, dialect: any SQLDialect) -> SQLStatement {
        let values: [SQLValue] = [
            .text(record.id), .text(record.applicationId), .text(record.state), .date(record.createDate), .date(record.activity),
            record.leaseOwner.map(SQLValue.text) ?? .null, .date(record.leaseUntil), .integer(record.version),
            .text(documentText(record.document)),
        ]
        return SQLStatement(dialect: dialect, "INSERT INTO import_jobs (\(sql: columns)) VALUES (\(list: values))")
    }

    /// The job with an id.
    package static func job(id: String, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "SELECT \(sql: columns) FROM import_jobs WHERE job_id = \(.text(id))")
    }

    /// The jobs of an application, newest first.
    package static func jobs(applicationId: String, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect,
            "SELECT \(sql: columns) FROM import_jobs WHERE application_id = \(.text(applicationId)) ORDER BY create_date DESC, job_id DESC")
    }

    /// Every job, oldest first.
    package static func all(dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "SELECT \(columns) FROM import_jobs ORDER BY create_date, job_id")
    }

    /// How many jobs have not ended (`count` column).
    package static func unfinishedCount(dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect,
            "SELECT COUNT(*) AS count FROM import_jobs WHERE state IN (\(list: ImportJobRecord.unfinishedStates.map(SQLValue.text)))")
    }

    /// Writes a job's state, activity, lease and document at the next version when `condition` holds; returns the row.
    package static func update(_ record: ImportJobRecord, condition: ImportJobUpdateCondition, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(
            dialect: dialect,
            """
            UPDATE import_jobs SET state = \(.text(record.state)), activity = \(.date(record.activity)), \
            lease_owner = \(record.leaseOwner.map(SQLValue.text) ?? .null), lease_until = \(.date(record.leaseUntil)), \
            document = \(.text(documentText(record.document))), version = version + 1 WHERE job_id = \(.text(record.id))
            """)
        switch condition {
        case .version(let version): statement.append(" AND version = \(.integer(version))")
        case .leasedBy(let owner): statement.append(" AND lease_owner = \(.text(owner))")
        }
        statement.append(" RETURNING \(columns)")
        return statement
    }

    /// Deletes a job at a version; returns its id when it did.
    package static func delete(id: String, version: Int64, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect, "DELETE FROM import_jobs WHERE job_id = \(.text(id)) AND version = \(.integer(version)) RETURNING job_id")
    }

    /// The ids of up to ``candidatesPerClaim`` claimable jobs at `now`, oldest first.
    package static func claimCandidates(now: WireDate, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect,
            """
            SELECT job_id FROM import_jobs WHERE state IN (\(list: claimableStates)) AND lease_until < \(.date(now)) \
            ORDER BY create_date, job_id LIMIT \(sql: String(candidatesPerClaim))
            """)
    }

    /// Leases one job to `owner` when it is still claimable at `now`; returns the row when it did.
    ///
    /// The condition is evaluated again on the row as it is when the update runs (PostgreSQL re-checks it after waiting
    /// for a concurrent claimer's lock), so of two claimers of one job only the first gets the row back.
    package static func claim(id: String, owner: String, now: WireDate, leaseUntil: WireDate, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect,
            """
            UPDATE import_jobs SET lease_owner = \(.text(owner)), lease_until = \(.date(leaseUntil)), version = version + 1 \
            WHERE job_id = \(.text(id)) AND state IN (\(list: claimableStates)) AND lease_until < \(.date(now)) RETURNING \(sql: columns)
            """)
    }

    /// Extends `owner`'s lease of a job that has not ended; returns its id when it did.
    package static func renew(id: String, owner: String, leaseUntil: WireDate, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect,
            """
            UPDATE import_jobs SET lease_until = \(.date(leaseUntil)) WHERE job_id = \(.text(id)) AND lease_owner = \(.text(owner)) \
            AND state IN (\(list: claimableStates)) RETURNING job_id
            """)
    }

    /// Staging jobs inactive since before `stagingBefore` and ended jobs ended before `endedBefore`, oldest first.
    package static func expired(stagingBefore: WireDate, endedBefore: WireDate, limit: Int, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect,
            """
            SELECT \(sql: columns) FROM import_jobs WHERE (state = 'staging' AND activity < \(.date(stagingBefore))) \
            OR (state IN (\(list: ImportJobRecord.endedStates.map(SQLValue.text))) AND activity < \(.date(endedBefore))) \
            ORDER BY activity, job_id LIMIT \(.count(limit))
            """)
    }

    /// Decodes a row of the job columns.
    ///
    /// - Throws: `StorageError.unavailable` when a column is missing or the document is not a JSON object.
    package static func record(_ row: SQLRow) throws(StorageError) -> ImportJobRecord {
        guard let id = row.string("job_id"), let applicationId = row.string("application_id"), let state = row.string("state"),
            let createDate = row.date("create_date"), let activity = row.date("activity"), let leaseUntil = row.date("lease_until"),
            let version = row.integer("version"), let document = row.json("document")?.objectValue
        else { throw StorageError.unavailable("An import_jobs row could not be decoded.") }
        return ImportJobRecord(
            id: id, applicationId: applicationId, state: state, createDate: createDate, activity: activity,
            leaseOwner: row.string("lease_owner"), leaseUntil: leaseUntil, version: version, document: document)
    }

    /// The states a claim may lease, as bound values.
    private static var claimableStates: [SQLValue] {
        ImportJobRecord.claimableStates.map(SQLValue.text)
    }

    private static func documentText(_ document: JSONObject) -> String {
        JSONValue.object(document).serializedString()
    }
}
