package import KumoStorage

/// Checks that push credentials can sign what the platforms ask for before they are stored: `kumo apps push` and the
/// dashboard's settings refuse keys the delivery could not use (docs/dashboard.md#settings). `KumoPush` implements it
/// (`PlatformPushCredentialsCheck`); `kumo` hands it to both.
package protocol PushCredentialsCheck: Sendable {
    /// Why the `.p8` key cannot sign APNs provider tokens, or `nil` when it can.
    func problem(with credentials: APNsCredentials) -> String?

    /// Why the service account's key cannot sign FCM token requests, or `nil` when it can.
    func problem(with credentials: FCMCredentials) -> String?
}
