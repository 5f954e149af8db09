package import KumoStorage
package import Logging
import NCMBWire

/// The production `PushNotificationSender`: APNs (HTTP/2, ES256 provider tokens) for `ios`, FCM HTTP v1 (OAuth2 from a
/// service account, RS256) for `android`.
///
/// STUB (issue 5 contract): the platform-clients helper implements it (possibly in several files), keeping `init`.
package struct PlatformPushSender: PushNotificationSender {
    let endpoints: PushEndpoints
    let clock: any WallClock
    let logger: Logger

    /// Creates the sender.
    package init(endpoints: PushEndpoints = .production, clock: any WallClock, logger: Logger) {
        self.endpoints = endpoints
        self.clock = clock
        self.logger = logger
    }

    package func send(_ notification: PushNotification, to device: PushDevice, credentials: PushSettings) async -> PushSendOutcome {
        .failed(reason: "Push delivery is not implemented yet.", isRetryable: false)
    }
}
