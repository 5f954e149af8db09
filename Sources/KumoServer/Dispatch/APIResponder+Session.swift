import KumoSeams
import NCMBWire
import Hummingbird
import KumoStorage

extension APIResponder {
    /// Step 6 of docs/wire/signature.md#request-processing-order-and-authentication-errors: a sent
    /// `X-NCMB-Apps-Session-Token` must name a live session of this application
    /// (docs/decisions/0009-authentication-failures.md, docs/decisions/0010-session-lifetime.md); without one the
    /// caller is anonymous (docs/wire/signature.md#session-token).
    func resolveSession(_ request: Request, context: inout KumoRequestContext) async throws {
        guard let token = request.headers[HeaderNames.sessionToken] else {
            context.identity = .anonymous
            return
        }
        let application = try context.requireApplication()
        guard !token.isEmpty, token.utf8.count <= 256 else { throw KumoError(.authenticationErrorByHeaderIncorrect) }
        let tokenHash = SessionTokens.hash(token)
        guard
            let session = try await environment.storage.accounts.session(
                tokenHash: tokenHash, applicationId: application.applicationId, now: environment.clock.now())
        else { throw KumoError(.authenticationErrorByHeaderIncorrect) }
        context.identity = .user(objectId: session.userObjectId)
        context.sessionTokenHash = tokenHash
        context.sessionExpiresAt = session.expiresAt
    }
}
