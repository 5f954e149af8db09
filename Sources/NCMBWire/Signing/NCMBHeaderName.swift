/// The `X-NCMB-*` header names (wire spec §3.1, §3.2), spelled only here.
package enum NCMBHeaderName {
    /// `X-NCMB-Application-Key`: the application key; part of the string to sign.
    package static let applicationKey = "X-NCMB-Application-Key"
    /// `X-NCMB-Signature`: the Base64 HMAC-SHA256 request signature.
    package static let signature = "X-NCMB-Signature"
    /// `X-NCMB-Timestamp`: an opaque string inside the signature (wire spec §3.6).
    package static let timestamp = "X-NCMB-Timestamp"
    /// `X-NCMB-Apps-Session-Token`: the session token of a logged-in user (wire spec §3.8).
    package static let sessionToken = "X-NCMB-Apps-Session-Token"
    /// `X-NCMB-SDK-Version`: informational, e.g. `swift-1.4.2`.
    package static let sdkVersion = "X-NCMB-SDK-Version"
    /// `X-NCMB-OS-Version`: informational.
    package static let osVersion = "X-NCMB-OS-Version"
    /// `X-NCMB-Response-Signature`: the response signature (wire spec §3.7).
    package static let responseSignature = "X-NCMB-Response-Signature"
}
