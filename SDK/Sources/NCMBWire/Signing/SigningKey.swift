/// An application's client key prepared for signing: the HMAC-SHA256 state after the key schedule, copied for each
/// message, so a server that keeps one per application pays the key schedule once rather than twice per request
/// (docs/decisions/0179-per-request-work-prepared-once.md).
package struct SigningKey: Sendable {
    /// The client key it was prepared from.
    package let clientKey: String
    let signer: HMACSignature.Signer

    /// Runs the key schedule for `clientKey`.
    package init(clientKey: String) {
        self.clientKey = clientKey
        signer = HMACSignature.Signer(clientKey: clientKey)
    }
}
