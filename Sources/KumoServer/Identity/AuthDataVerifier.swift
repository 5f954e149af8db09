package import KumoStorage
package import NCMBWire

/// Checks the `authData` of one SNS provider before Kumo signs a user up, logs one in, or links an account
/// (wire spec §5.3). Verification is pluggable per application (`AuthProviderSettings.verification`).
package protocol AuthDataVerifier: Sendable {
    /// Accepts or rejects `authData` for `provider` (`facebook`, `twitter`, `google`, `apple`; never `anonymous`).
    ///
    /// - Throws: `KumoError(.oAuthAuthenticationError, provider)` (401 E401003) when the provider rejects the token or
    ///   the token does not belong to `authData.id`; `KumoError(.serviceUnavailable)`-class errors when the provider
    ///   cannot be reached.
    func verify(provider: String, authData: JSONObject, settings: AuthProviderSettings) async throws
}
