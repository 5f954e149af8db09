import KumoMemberwise
package import KumoStorage
package import NCMBWire

/// Sends one push notification to one device (APNs for `ios`, FCM for `android`). The seam between the delivery
/// service (which resolves segments, counts and retries) and the platform clients; tests replace it with a recorder.
package protocol PushNotificationSender: Sendable {
    /// Sends `notification` to `device` with the application's credentials. Never throws: every failure is an outcome.
    func send(_ notification: PushNotification, to device: PushDevice, credentials: PushSettings) async -> PushSendOutcome
}

/// One target device: an installation.
@PackageMemberwiseInit
package struct PushDevice: Sendable, Hashable {
    /// The installation's objectId.
    package var installationId: String
    /// `ios` or `android`.
    package var deviceType: String
    /// The APNs device token (hex) or FCM registration token.
    package var deviceToken: String
    /// The installation's `badge` when it is a number: `badgeIncrementFlag` sends it plus one (iOS).
    package var badge: Int?
}

/// What a push says, read from the push object (docs/wire/endpoints/push.md). Platform clients build their payloads
/// from it.
@PackageMemberwiseInit
package struct PushNotification: Sendable, Hashable {
    /// The push's objectId (`com.nifcloud.mbaas.PushId`).
    package var pushId: String
    /// `title`.
    package var title: String?
    /// `message` (the alert body).
    package var message: String?
    /// `userSettingValue`, a JSON object delivered as is.
    package var userSettingValue: JSONValue?
    /// `richUrl` (`com.nifcloud.mbaas.RichUrl`).
    package var richURL: String?
    /// `category` (iOS).
    package var category: String?
    /// `badgeIncrementFlag` (iOS): the badge becomes the installation's badge + 1.
    package var badgeIncrement: Bool = false
    /// `badgeSetting` (iOS): a fixed badge number.
    package var badgeSetting: Int?
    /// `sound` (iOS).
    package var sound: String?
    /// `contentAvailable` (iOS): a background notification.
    package var contentAvailable: Bool = false
    /// `action` (Android): the activity to open.
    package var action: String?
    /// `dialog` (Android): show a dialog.
    package var dialog: Bool = false
    /// When the notification stops being worth delivering (`deliveryExpirationDate`/`Time`); `nil` for never.
    package var expiresAt: WireDate?
}

/// The outcome of one send.
///
/// `code` is a stable reason code for the per-device outcome (docs/decisions/0082-per-device-push-outcomes.md): the
/// platform's reason (APNs `BadDeviceToken`, `Unregistered`; FCM `UNREGISTERED`, `QUOTA_EXCEEDED`) or the sender's own
/// (`unreachable`, `noCredentials`, …); a sender that gives none is recorded as `deviceGone` or `failed`.
package enum PushSendOutcome: Sendable, Hashable {
    /// The platform accepted the notification.
    case delivered
    /// The platform says the token is dead (APNs `BadDeviceToken`/`Unregistered`, FCM `UNREGISTERED`): the installation
    /// is deactivated and the reason recorded; never retried.
    case deviceGone(reason: String, code: String? = nil)
    /// Another failure, with a readable reason; `isRetryable` for timeouts, 429 and 5xx, not for bad credentials.
    case failed(reason: String, isRetryable: Bool, code: String? = nil)

    /// The stable reason code of a failure (the sender's, else `deviceGone` or `failed`); `nil` when delivered.
    package var reasonCode: String? {
        switch self {
        case .delivered: nil
        case .deviceGone(_, let code): code ?? "deviceGone"
        case .failed(_, _, let code): code ?? "failed"
        }
    }
}
