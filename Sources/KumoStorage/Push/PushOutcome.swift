import KumoMemberwise
package import NCMBWire

/// What became of one device of a push (docs/decisions/0082-per-device-push-outcomes.md): its latest attempt's
/// outcome with a stable reason code and a readable reason.
@PackageMemberwiseInit
package struct PushOutcome: Sendable, Hashable {
    /// The outcome of an attempt at a device.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The platform accepted the notification.
        case delivered
        /// Given up on: the token is dead, the credentials are missing or wrong, the push expired, or retries ran out.
        case failed
        /// A temporary failure: the device is tried again.
        case retrying
    }

    /// The installation's objectId.
    package var installationId: String
    /// `ios` or `android` (empty when the installation was gone before its retry).
    package var deviceType: String
    /// The outcome.
    package var kind: Kind
    /// A stable code: the platform's reason (APNs `BadDeviceToken`, `Unregistered`; FCM `UNREGISTERED`) or Kumo's own
    /// (`expired`, `noCredentials`, `unreachable`, `installationGone`, …); `nil` when delivered.
    package var reasonCode: String?
    /// The reason in words; `nil` when delivered.
    package var reason: String?
    /// The attempt's number, 1 for the first.
    package var attempt: Int
    /// When the attempt was made.
    package var time: WireDate
}

/// One page of a push's outcomes and how many match in all.
package struct PushOutcomePage: Sendable, Hashable {
    /// The outcomes of the page, newest first (ties by installation objectId).
    package var results: [PushOutcome]
    /// How many outcomes match the filter.
    package var count: Int
}
