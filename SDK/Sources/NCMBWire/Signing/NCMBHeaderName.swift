/// The `X-NCMB-*` header names (docs/wire/signature.md#request-headers, docs/wire/signature.md#response-headers),
/// spelled only here.
package enum NCMBHeaderName {
    /// `X-NCMB-Application-Key`: the application key; part of the string to sign.
    package static let applicationKey = "X-NCMB-Application-Key"
    /// `X-NCMB-Signature`: the Base64 HMAC-SHA256 request signature.
    package static let signature = "X-NCMB-Signature"
    /// `X-NCMB-Timestamp`: an opaque string inside the signature (docs/wire/signature.md#timestamp).
    package static let timestamp = "X-NCMB-Timestamp"
    /// `X-NCMB-Apps-Session-Token`: the session token of a logged-in user (docs/wire/signature.md#session-token).
    package static let sessionToken = "X-NCMB-Apps-Session-Token"
    /// `X-NCMB-SDK-Version`: informational, e.g. `swift-1.4.2`.
    package static let sdkVersion = "X-NCMB-SDK-Version"
    /// `X-NCMB-OS-Version`: informational.
    package static let osVersion = "X-NCMB-OS-Version"
    /// `X-NCMB-Response-Signature`: the response signature (docs/wire/signature.md#response-signature).
    package static let responseSignature = "X-NCMB-Response-Signature"
    /// `X-Kumo-Idempotency-Key` (Kumo extension, docs/wire/idempotency.md): a repeated key gets the first answer.
    package static let idempotencyKey = "X-Kumo-Idempotency-Key"
    /// `X-Kumo-Idempotent-Replay: true` (Kumo extension): this answer is the stored first answer of its key.
    package static let idempotentReplay = "X-Kumo-Idempotent-Replay"
}
