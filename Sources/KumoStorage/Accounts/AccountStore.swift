package import NCMBWire

/// Sessions, credentials, one-time mail tokens and role membership: what authentication needs besides the user
/// objects themselves (which live in the `ObjectStore` as class `user`). Every method is one transaction.
package protocol AccountStore: Sendable {
    /// Opens a session for an existing user; with `grant.endsOtherSessions` the user's other sessions end in the same
    /// transaction (docs/decisions/0010-session-lifetime.md).
    ///
    /// - Throws: `StorageError.notFound` when the user does not exist.
    func createSession(_ grant: SessionGrant, applicationId: String, userObjectId: String) async throws

    /// The live session with this token hash, or `nil` when it is unknown, expired at `now`, or its user is gone.
    func session(tokenHash: String, applicationId: String, now: WireDate) async throws -> ActiveSession?

    /// Ends one session; returns whether it existed.
    @discardableResult
    func deleteSession(tokenHash: String, applicationId: String) async throws -> Bool

    /// Ends every session of the user except the one with `keepingTokenHash` (all of them when it is `nil`), in one
    /// statement; returns how many ended. A password change ends the user's other sessions, a completed password
    /// reset all of them. An unknown user has no sessions: the result is 0.
    @discardableResult
    func deleteSessions(applicationId: String, userObjectId: String, keepingTokenHash: String?) async throws -> Int

    /// Removes sessions and one-time tokens that expired before `now` (housekeeping); returns how many rows went.
    @discardableResult
    func deleteExpired(now: WireDate) async throws -> Int

    /// A user with its password hash, found by a unique value or objectId, ignoring ACLs (authentication only).
    func credentials(applicationId: String, lookup: UserLookup) async throws -> UserCredentials?

    /// Stores a one-time token.
    func createToken(_ token: OneTimeToken) async throws

    /// The one-time token with this hash (expired ones included: the caller answers E403004), or `nil`.
    func token(tokenHash: String, applicationId: String) async throws -> OneTimeToken?

    /// Deletes a one-time token; returns whether it existed (a second use of a link finds nothing).
    @discardableResult
    func deleteToken(tokenHash: String, applicationId: String) async throws -> Bool

    /// The names of every role the user holds: directly through `belongUser`, and through `belongRole` inheritance
    /// (docs/decisions/0004-role-inheritance.md), cycles tolerated.
    func roleNames(applicationId: String, userObjectId: String) async throws -> Set<String>
}
