import KumoSeams
import NCMBWire
import Hummingbird
import KumoStorage

extension APIResponder {
    /// Step 6 of wire spec §3.9: a sent `X-NCMB-Apps-Session-Token` must name a live session of this application
    /// (Kumo D9, D10); without one the caller is anonymous (wire spec §3.8).
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
    }
}
