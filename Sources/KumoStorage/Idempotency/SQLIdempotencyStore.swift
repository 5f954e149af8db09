import KumoMemberwise

/// `IdempotencyStore` on any SQL engine: the shared ``IdempotencyStatements``.
///
/// A claim is one write unit (drop stale, prune a few, insert unless present, read what is there), so two requests
/// with the same key never both see `.claimed`: the engine's unique key on `(application_id, scope)` decides.
@PackageMemberwiseInit
package struct SQLIdempotencyStore<Engine: SQLEngine>: IdempotencyStore {
    let engine: Engine

    package func claim(_ claim: IdempotencyKeyClaim) async throws -> IdempotencyClaimOutcome {
        let dialect = engine.dialect
        let dropStale = IdempotencyStatements.dropStale(claim, dialect: dialect)
        let prune = IdempotencyStatements.prune(before: claim.expiresBefore, dialect: dialect)
        let insert = IdempotencyStatements.insert(claim, dialect: dialect)
        let lookup = IdempotencyStatements.row(applicationId: claim.applicationId, scope: claim.scope, dialect: dialect)
        return try await engine.write { executor in
            _ = try await executor.rows(dropStale)
            _ = try await executor.rows(prune)
            let inserted = try await executor.rows(insert)
            if !inserted.isEmpty { return .claimed }
            guard let row = try await executor.rows(lookup).first else {
                throw StorageError.unavailable("An idempotency key's row vanished inside its claim.")
            }
            return IdempotencyStatements.outcome(row, fingerprint: claim.fingerprint)
        }
    }

    package func record(applicationId: String, scope: String, answer: IdempotencyAnswer) async throws {
        let statement = IdempotencyStatements.record(applicationId: applicationId, scope: scope, answer: answer, dialect: engine.dialect)
        try await engine.write(statement)
    }

    package func release(applicationId: String, scope: String) async throws {
        try await engine.write(IdempotencyStatements.release(applicationId: applicationId, scope: scope, dialect: engine.dialect))
    }

    package func count(applicationId: String) async throws -> Int {
        let statement = IdempotencyStatements.count(applicationId: applicationId, dialect: engine.dialect)
        return Int(try await engine.rows(.snapshot, statement).first?.integer("count") ?? 0)
    }
}
