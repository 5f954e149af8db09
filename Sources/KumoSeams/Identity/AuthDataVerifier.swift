package import KumoStorage
package import NCMBWire

/// Checks the `authData` of one SNS provider before Kumo signs a user up, logs one in, or links an account
/// (docs/wire/endpoints/users.md). Verification is pluggable per application (`AuthProviderSettings.verification`).
package protocol AuthDataVerifier: Sendable {
    /// Accepts or rejects `authData` for `provider` (`facebook`, `twitter`, `google`, `apple`; never `anonymous`).
    ///
    /// - Parameter authData: the provider's own object (`{"id":…,"access_token":…}`), not the whole `authData`.
    /// - Throws: `KumoError(.oAuthAuthenticationError, provider)` (401 E401003) when the provider rejects the token, the
    ///   token does not belong to `authData.id`, or the provider cannot be reached (the live verifier logs a warning).
    func verify(provider: String, authData: JSONObject, settings: AuthProviderSettings) async throws
}
