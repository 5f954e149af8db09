import KumoMemberwise
package import NCMBWire

/// The answers of requests that carried `X-Kumo-Idempotency-Key` (`idempotency_keys`,
/// docs/decisions/0133-idempotency-keys.md): one row per application and scope (a digest of the key and the caller), first
/// claimed while its request runs, then holding the request's answer for 24 hours.
package protocol IdempotencyStore: Sendable {
    /// Claims a key for a request, or says who holds it.
    ///
    /// In one write unit: a row of this scope older than `expiresBefore` (or still pending and older than
    /// `pendingBefore`) is dropped, then the row is inserted unless one exists. A few expired rows of any application are
    /// pruned on the way (``IdempotencyStatements/prunedPerClaim``), so the table never outgrows a day of requests.
    func claim(_ key: IdempotencyKeyClaim) async throws -> IdempotencyClaimOutcome

    /// Records the committed answer of a claimed key; `answer.body` is `nil` when it was too large to keep.
    func record(applicationId: String, scope: String, answer: IdempotencyAnswer) async throws

    /// Gives a pending claim up (its request failed, nothing was committed): the key may be used again.
    func release(applicationId: String, scope: String) async throws

    /// How many keys an application holds, expired or not (for operations and the abuse tests' bounds).
    func count(applicationId: String) async throws -> Int
}

/// What a request claims: its application, its scope, its fingerprint and the times that decide what has expired.
@PackageMemberwiseInit
package struct IdempotencyKeyClaim: Sendable, Hashable {
    /// The owning application.
    package var applicationId: String
    /// The hex SHA-256 of the key and the caller (never the key itself).
    package var scope: String
    /// The hex SHA-256 of the method, the path and the body.
    package var fingerprint: String
    /// When the request arrived.
    package var now: WireDate
    /// Rows created before this have expired (24 hours before `now`).
    package var expiresBefore: WireDate
    /// Pending rows created before this belong to a request that died before it answered.
    package var pendingBefore: WireDate
}

/// A stored answer: its status and its body (`nil` when it was larger than the server keeps).
@PackageMemberwiseInit
package struct IdempotencyAnswer: Sendable, Hashable {
    /// The HTTP status.
    package var status: Int
    /// The JSON body (empty for a DELETE); `nil` when not kept.
    package var body: [UInt8]?
}

/// What ``IdempotencyStore/claim(_:)`` found.
package enum IdempotencyClaimOutcome: Sendable, Hashable {
    /// The key is this request's: run it, then record or release.
    case claimed
    /// Another request with this key and fingerprint is still running.
    case pending
    /// A request with this key and fingerprint already answered this.
    case answered(IdempotencyAnswer)
    /// The key was used for a different request (method, path or body).
    case mismatch
}
