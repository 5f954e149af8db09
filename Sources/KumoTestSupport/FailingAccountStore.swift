package import KumoStorage
package import NCMBWire
import Testing

/// An `AccountStore` that fails the running test on every call the test did not provide.
package struct FailingAccountStore: AccountStore {
    package var onCreateSession: (@Sendable (SessionGrant, String, String) async throws -> Void)?
    package var onSession: (@Sendable (String, String, WireDate) async throws -> ActiveSession?)?
    package var onDeleteSession: (@Sendable (String, String) async throws -> Bool)?
    package var onDeleteSessions: (@Sendable (String, String, String?) async throws -> Int)?
    package var onDeleteExpired: (@Sendable (WireDate) async throws -> Int)?
    package var onCredentials: (@Sendable (String, UserLookup) async throws -> UserCredentials?)?
    package var onCreateToken: (@Sendable (OneTimeToken) async throws -> Void)?
    package var onToken: (@Sendable (String, String) async throws -> OneTimeToken?)?
    package var onDeleteToken: (@Sendable (String, String) async throws -> Bool)?
    package var onRoleNames: (@Sendable (String, String) async throws -> Set<String>)?

    /// Creates a store where every call fails.
    package init() {}

    package func createSession(_ grant: SessionGrant, applicationId: String, userObjectId: String) async throws {
        guard let onCreateSession else { throw UnexpectedCall("AccountStore.createSession", userObjectId) }
        try await onCreateSession(grant, applicationId, userObjectId)
    }

    package func session(tokenHash: String, applicationId: String, now: WireDate) async throws -> ActiveSession? {
        guard let onSession else { throw UnexpectedCall("AccountStore.session", applicationId) }
        return try await onSession(tokenHash, applicationId, now)
    }

    package func deleteSession(tokenHash: String, applicationId: String) async throws -> Bool {
        guard let onDeleteSession else { throw UnexpectedCall("AccountStore.deleteSession", applicationId) }
        return try await onDeleteSession(tokenHash, applicationId)
    }

    package func deleteSessions(applicationId: String, userObjectId: String, keepingTokenHash: String?) async throws -> Int {
        guard let onDeleteSessions else { throw UnexpectedCall("AccountStore.deleteSessions", userObjectId) }
        return try await onDeleteSessions(applicationId, userObjectId, keepingTokenHash)
    }

    package func deleteExpired(now: WireDate) async throws -> Int {
        guard let onDeleteExpired else { throw UnexpectedCall("AccountStore.deleteExpired", now) }
        return try await onDeleteExpired(now)
    }

    package func credentials(applicationId: String, lookup: UserLookup) async throws -> UserCredentials? {
        guard let onCredentials else { throw UnexpectedCall("AccountStore.credentials", lookup) }
        return try await onCredentials(applicationId, lookup)
    }

    package func createToken(_ token: OneTimeToken) async throws {
        guard let onCreateToken else { throw UnexpectedCall("AccountStore.createToken", token.purpose) }
        try await onCreateToken(token)
    }

    package func token(tokenHash: String, applicationId: String) async throws -> OneTimeToken? {
        guard let onToken else { throw UnexpectedCall("AccountStore.token", applicationId) }
        return try await onToken(tokenHash, applicationId)
    }

    package func deleteToken(tokenHash: String, applicationId: String) async throws -> Bool {
        guard let onDeleteToken else { throw UnexpectedCall("AccountStore.deleteToken", applicationId) }
        return try await onDeleteToken(tokenHash, applicationId)
    }

    package func roleNames(applicationId: String, userObjectId: String) async throws -> Set<String> {
        guard let onRoleNames else { throw UnexpectedCall("AccountStore.roleNames", userObjectId) }
        return try await onRoleNames(applicationId, userObjectId)
    }
}
