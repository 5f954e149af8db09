import KumoMemberwise
package import NCMBWire

/// `ImportJobStore` on any SQL engine: the shared ``ImportJobStatements``, every call one unit.
///
/// Every change is a conditional `UPDATE`/`DELETE … RETURNING`: on PostgreSQL a concurrent writer of the same row waits
/// for the first one's lock and then evaluates the condition on the new row, and SQLite's single writer runs one unit at
/// a time, so of two instances racing for a job (a claim, an upload, a removal) exactly one gets a row back.
@PackageMemberwiseInit
package struct SQLImportJobStore<Engine: SQLEngine>: ImportJobStore {
    let engine: Engine

    package func insert(_ record: ImportJobRecord) async throws {
        try await engine.write(ImportJobStatements.insert(record, dialect: engine.dialect))
    }

    package func job(id: String) async throws -> ImportJobRecord? {
        let statement = ImportJobStatements.job(id: id, dialect: engine.dialect)
        return try await engine.rows(.pointLookup, statement).first.map(ImportJobStatements.record)
    }

    package func jobs(applicationId: String) async throws -> [ImportJobRecord] {
        let statement = ImportJobStatements.jobs(applicationId: applicationId, dialect: engine.dialect)
        return try await engine.rows(.singleStatement, statement).map(ImportJobStatements.record)
    }

    package func all() async throws -> [ImportJobRecord] {
        return try await engine.rows(.singleStatement, ImportJobStatements.all(dialect: engine.dialect)).map(ImportJobStatements.record)
    }

    package func unfinishedCount() async throws -> Int {
        let statement = ImportJobStatements.unfinishedCount(dialect: engine.dialect)
        return Int(try await engine.rows(.singleStatement, statement).first?.integer("count") ?? 0)
    }

    package func update(_ record: ImportJobRecord, condition: ImportJobUpdateCondition) async throws -> ImportJobRecord? {
        let statement = ImportJobStatements.update(record, condition: condition, dialect: engine.dialect)
        return try await engine.write(statement).first.map(ImportJobStatements.record)
    }

    package func delete(id: String, version: Int64) async throws -> Bool {
        return !(try await engine.write(ImportJobStatements.delete(id: id, version: version, dialect: engine.dialect)).isEmpty)
    }

    package func claim(owner: String, now: WireDate, leaseUntil: WireDate) async throws -> ImportJobRecord? {
        let dialect = engine.dialect
        let candidates = ImportJobStatements.claimCandidates(now: now, dialect: dialect)
        return try await engine.write { executor in
            for row in try await executor.rows(candidates) {
                guard let id = row.string("job_id") else { continue }
                let claim = ImportJobStatements.claim(id: id, owner: owner, now: now, leaseUntil: leaseUntil, dialect: dialect)
                if let claimed = try await executor.rows(claim).first { return try ImportJobStatements.record(claimed) }
            }
            return nil
        }
    }

    package func renew(id: String, owner: String, leaseUntil: WireDate) async throws -> Bool {
        let statement = ImportJobStatements.renew(id: id, owner: owner, leaseUntil: leaseUntil, dialect: engine.dialect)
        return !(try await engine.write(statement).isEmpty)
    }

    package func expired(stagingBefore: WireDate, endedBefore: WireDate, limit: Int) async throws -> [ImportJobRecord] {
        let statement = ImportJobStatements.expired(
            stagingBefore: stagingBefore, endedBefore: endedBefore, limit: limit, dialect: engine.dialect)
        return try await engine.rows(.singleStatement, statement).map(ImportJobStatements.record)
    }
}
