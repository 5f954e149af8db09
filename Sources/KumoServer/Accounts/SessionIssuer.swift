import KumoSeams
package import KumoStorage
import NCMBWire

/// Issues session tokens (docs/decisions/0010-session-lifetime.md): a fresh token from the identifier source (a CSPRNG
/// in production), stored only as its SHA-256 hash, valid for the application's `sessionLifetimeSeconds` (at most 168
/// h), ending the user's other sessions unless the application allows several.
package struct SessionIssuer: Sendable {
    let environment: ServerEnvironment

    /// Creates an issuer over the server environment.
    package init(environment: ServerEnvironment) { self.environment = environment }

    /// A new token and the grant storage keeps for it; the token goes to the client, the grant to storage.
    package func newSession(settings: ApplicationSettings) -> (token: String, grant: SessionGrant) {
        let token = SessionTokens.newSessionToken(environment.identifiers)
        let now = environment.clock.now()
        let lifetime = Int64(min(max(settings.sessionLifetimeSeconds, 1), ApplicationSettings.maximumSessionLifetimeSeconds))
        let grant = SessionGrant(
            tokenHash: SessionTokens.hash(token), createDate: now,
            expiresAt: WireDate(millisecondsSince1970: now.millisecondsSince1970 + lifetime * 1000),
            endsOtherSessions: !settings.allowsMultipleSessions)
        return (token, grant)
    }

    /// Opens a session for an existing user and returns its token.
    ///
    /// - Throws: `StorageError.notFound` when the user no longer exists.
    package func openSession(application: HostedApplication, userObjectId: String) async throws -> String {
        let (token, grant) = newSession(settings: application.settings)
        try await environment.storage.accounts.createSession(
            grant, applicationId: application.applicationId, userObjectId: userObjectId)
        return token
    }
}
