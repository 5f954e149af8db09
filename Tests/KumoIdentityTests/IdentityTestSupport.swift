import KumoIdentity
import KumoSeams
import NCMBWire
import Testing

/// Expects `body` to throw 401 E401003 `"OAuth <provider> authentication error."`.
func expectOAuthError(
    _ provider: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async throws {
    let error = await #expect(throws: KumoError.self, sourceLocation: sourceLocation) { try await body() }
    #expect(error?.code == .oAuthAuthenticationError, sourceLocation: sourceLocation)
    #expect(error?.message == "OAuth \(provider) authentication error.", sourceLocation: sourceLocation)
}
