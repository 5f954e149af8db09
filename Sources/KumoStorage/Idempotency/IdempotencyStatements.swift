package import NCMBWire

/// The dialect-neutral statements of `IdempotencyStore` (`idempotency_keys`, docs/decisions/0133-idempotency-keys.md).
/// `status` is `NULL` while the claiming request runs; `body` is `NULL` when the answer was not kept; `created_at` is
/// milliseconds since 1970.
package enum IdempotencyStatements {
    /// How many expired rows of any application one claim deletes on its way.
    package static let prunedPerClaim = 16

    /// Drops this scope's row when it expired, or when it is a pending claim older than `pendingBefore`.
    package static func dropStale(_ claim: IdempotencyKeyClaim, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "DELETE FROM idempotency_keys WHERE ")
        statement.appendScope(applicationId: claim.applicationId, scope: claim.scope)
        statement.append(
            " AND (created_at < \(.date(claim.expiresBefore)) OR (status IS NULL AND created_at < \(.date(claim.pendingBefore))))")
        return statement
    }

    /// Deletes up to ``prunedPerClaim`` expired rows, oldest first, returning one row per deleted row.
    package static func prune(before date: WireDate, dialect: any SQLDialect) -> SQLStatement {
        .pruning(
            "idempotency_keys", key: "(application_id, scope)", timeColumn: "created_at", before: date, order: "created_at",
            limit: prunedPerClaim, returning: "scope", dialect: dialect)
    }

    /// Inserts a pending row unless the scope has one; returns the row (`scope`) only when it inserted.
    package static func insert(_ claim: IdempotencyKeyClaim, dialect: any SQLDialect) -> SQLStatement {
        let values: [SQLValue] = [.text(claim.applicationId), .text(claim.scope), .text(claim.fingerprint), .null, .null, .date(claim.now)]
        return SQLStatement(
            dialect: dialect,
            """
            INSERT INTO idempotency_keys (application_id, scope, fingerprint, status, body, created_at) VALUES (\(list: values)) \
            ON CONFLICT (application_id, scope) DO NOTHING RETURNING scope
            """)
    }

    /// The row of a scope (`fingerprint`, `status`, `body`).
    package static func row(applicationId: String, scope: String, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "SELECT fingerprint, status, body FROM idempotency_keys WHERE ")
        statement.appendScope(applicationId: applicationId, scope: scope)
        return statement
    }

    /// Stores the answer of a pending row.
    package static func record(applicationId: String, scope: String, answer: IdempotencyAnswer, dialect: any SQLDialect) -> SQLStatement {
        let body = answer.body.map { SQLValue.text(String(decoding: $0, as: UTF8.self)) } ?? SQLValue.null
        var statement = SQLStatement(
            dialect: dialect, "UPDATE idempotency_keys SET status = \(.integer(Int64(answer.status))), body = \(body) WHERE ")
        statement.appendScope(applicationId: applicationId, scope: scope)
        statement.append(" AND status IS NULL")
        return statement
    }

    /// Deletes a pending row.
    package static func release(applicationId: String, scope: String, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "DELETE FROM idempotency_keys WHERE ")
        statement.appendScope(applicationId: applicationId, scope: scope)
        statement.append(" AND status IS NULL")
        return statement
    }

    /// How many rows an application has (`count` column).
    package static func count(applicationId: String, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "SELECT COUNT(*) AS count FROM idempotency_keys WHERE application_id = \(.text(applicationId))")
    }

    /// What a found row means for a request of `fingerprint`.
    package static func outcome(_ row: SQLRow, fingerprint: String) -> IdempotencyClaimOutcome {
        guard row.string("fingerprint") == fingerprint else { return .mismatch }
        guard let status = row.integer("status") else { return .pending }
        return .answered(IdempotencyAnswer(status: Int(status), body: row.string("body").map { Array($0.utf8) }))
    }
}

extension SQLStatement {
    /// `application_id = … AND scope = …`.
    fileprivate mutating func appendScope(applicationId: String, scope: String) {
        append("application_id = \(.text(applicationId)) AND scope = \(.text(scope))")
    }
}
