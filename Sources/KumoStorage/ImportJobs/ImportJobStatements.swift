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
        var statement = SQLStatement(dialect: dialect, "INSERT INTO import_jobs (\(columns)) VALUES (")
        statement.bind(list: [
            .text(record.id), .text(record.applicationId), .text(record.state), .integer(record.createDate.millisecondsSince1970),
            .integer(record.activity.millisecondsSince1970), record.leaseOwner.map(SQLValue.text) ?? .null,
            .integer(record.leaseUntil.millisecondsSince1970), .integer(record.version), .text(documentText(record.document)),
        ])
        statement.append(")")
        return statement
    }

    /// The job with an id.
    package static func job(id: String, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "SELECT \(columns) FROM import_jobs WHERE job_id = ")
        statement.bind(.text(id))
        return statement
    }

    /// The jobs of an application, newest first.
    package static func jobs(applicationId: String, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "SELECT \(columns) FROM import_jobs WHERE application_id = ")
        statement.bind(.text(applicationId))
        statement.append(" ORDER BY create_date DESC, job_id DESC")
        return statement
    }

    /// Every job, oldest first.
    package static func all(dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "SELECT \(columns) FROM import_jobs ORDER BY create_date, job_id")
    }

    /// How many jobs have not ended (`count` column).
    package static func unfinishedCount(dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "SELECT COUNT(*) AS count FROM import_jobs WHERE state IN (")
        statement.bind(list: ImportJobRecord.unfinishedStates.map(SQLValue.text))
        statement.append(")")
        return statement
    }

    /// Writes a job's state, activity, lease and document at the next version when `condition` holds; returns the row.
    package static func update(_ record: ImportJobRecord, condition: ImportJobUpdateCondition, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "UPDATE import_jobs SET state = ")
        statement.bind(.text(record.state))
        statement.append(", activity = ")
        statement.bind(.integer(record.activity.millisecondsSince1970))
        statement.append(", lease_owner = ")
        statement.bind(record.leaseOwner.map(SQLValue.text) ?? .null)
        statement.append(", lease_until = ")
        statement.bind(.integer(record.leaseUntil.millisecondsSince1970))
        statement.append(", document = ")
        statement.bind(.text(documentText(record.document)))
        statement.append(", version = version + 1 WHERE job_id = ")
        statement.bind(.text(record.id))
        switch condition {
        case .version(let version):
            statement.append(" AND version = ")
            statement.bind(.integer(version))
        case .leasedBy(let owner):
            statement.append(" AND lease_owner = ")
            statement.bind(.text(owner))
        }
        statement.append(" RETURNING \(columns)")
        return statement
    }

    /// Deletes a job at a version; returns its id when it did.
    package static func delete(id: String, version: Int64, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "DELETE FROM import_jobs WHERE job_id = ")
        statement.bind(.text(id))
        statement.append(" AND version = ")
        statement.bind(.integer(version))
        statement.append(" RETURNING job_id")
        return statement
    }

    /// The ids of up to ``candidatesPerClaim`` claimable jobs at `now`, oldest first.
    package static func claimCandidates(now: WireDate, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "SELECT job_id FROM import_jobs WHERE state IN (")
        statement.bind(list: ImportJobRecord.claimableStates.map(SQLValue.text))
        statement.append(") AND lease_until < ")
        statement.bind(.integer(now.millisecondsSince1970))
        statement.append(" ORDER BY create_date, job_id LIMIT \(candidatesPerClaim)")
        return statement
    }

    /// Leases one job to `owner` when it is still claimable at `now`; returns the row when it did.
    ///
    /// The condition is evaluated again on the row as it is when the update runs (PostgreSQL re-checks it after waiting
    /// for a concurrent claimer's lock), so of two claimers of one job only the first gets the row back.
    package static func claim(id: String, owner: String, now: WireDate, leaseUntil: WireDate, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "UPDATE import_jobs SET lease_owner = ")
        statement.bind(.text(owner))
        statement.append(", lease_until = ")
        statement.bind(.integer(leaseUntil.millisecondsSince1970))
        statement.append(", version = version + 1 WHERE job_id = ")
        statement.bind(.text(id))
        statement.append(" AND state IN (")
        statement.bind(list: ImportJobRecord.claimableStates.map(SQLValue.text))
        statement.append(") AND lease_until < ")
        statement.bind(.integer(now.millisecondsSince1970))
        statement.append(" RETURNING \(columns)")
        return statement
    }

    /// Extends `owner`'s lease of a job that has not ended; returns its id when it did.
    package static func renew(id: String, owner: String, leaseUntil: WireDate, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "UPDATE import_jobs SET lease_until = ")
        statement.bind(.integer(leaseUntil.millisecondsSince1970))
        statement.append(" WHERE job_id = ")
        statement.bind(.text(id))
        statement.append(" AND lease_owner = ")
        statement.bind(.text(owner))
        statement.append(" AND state IN (")
        statement.bind(list: ImportJobRecord.claimableStates.map(SQLValue.text))
        statement.append(") RETURNING job_id")
        return statement
    }

    /// Staging jobs inactive since before `stagingBefore` and ended jobs ended before `endedBefore`, oldest first.
    package static func expired(stagingBefore: WireDate, endedBefore: WireDate, limit: Int, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "SELECT \(columns) FROM import_jobs WHERE (state = 'staging' AND activity < ")
        statement.bind(.integer(stagingBefore.millisecondsSince1970))
        statement.append(") OR (state IN (")
        statement.bind(list: ImportJobRecord.endedStates.map(SQLValue.text))
        statement.append(") AND activity < ")
        statement.bind(.integer(endedBefore.millisecondsSince1970))
        statement.append(") ORDER BY activity, job_id LIMIT ")
        statement.bind(.integer(Int64(max(0, limit))))
        return statement
    }

    /// Decodes a row of the job columns.
    ///
    /// - Throws: `StorageError.unavailable` when a column is missing or the document is not a JSON object.
    package static func record(_ row: SQLRow) throws(StorageError) -> ImportJobRecord {
        guard let id = row.string("job_id"), let applicationId = row.string("application_id"), let state = row.string("state"),
            let createDate = row.integer("create_date"), let activity = row.integer("activity"),
            let leaseUntil = row.integer("lease_until"), let version = row.integer("version"), let text = row.string("document"),
            let document = (try? JSONValue(parsing: text))?.objectValue
        else { throw StorageError.unavailable("An import_jobs row could not be decoded.") }
        return ImportJobRecord(
            id: id, applicationId: applicationId, state: state, createDate: WireDate(millisecondsSince1970: createDate),
            activity: WireDate(millisecondsSince1970: activity), leaseOwner: row.string("lease_owner"),
            leaseUntil: WireDate(millisecondsSince1970: leaseUntil), version: version, document: document)
    }

    private static func documentText(_ document: JSONObject) -> String {
        JSONValue.object(document).serializedString()
    }
}
