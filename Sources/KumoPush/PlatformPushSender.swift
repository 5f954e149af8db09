package import KumoSeams
package import KumoStorage
package import Logging
import NCMBWire
import NIOCore

/// The production `PushNotificationSender`: APNs (HTTP/2, ES256 provider tokens) for `ios`, FCM HTTP v1 (OAuth2 from a
/// service account, RS256) for `android`.
///
/// Copies share one HTTP client and the token caches (APNs provider tokens for 50 minutes, FCM access tokens until a
/// minute before they expire). The HTTP client is created by the first send, so environments that never push open
/// nothing.
///
/// Lifecycle: whoever creates a sender for a bounded time (a test, a tool) calls ``shutdown()`` when done. `kumo serve`
/// keeps its sender for the life of the process and need not; if the last copy goes away unshut, the client starts
/// closing itself.
package struct PlatformPushSender: PushNotificationSender {
    let endpoints: PushEndpoints
    let clock: any WallClock
    let logger: Logger
    private let http: PushHTTPClient
    private let apns: APNsClient
    private let fcm: FCMClient

    /// Creates the sender.
    ///
    /// - Parameter requestTimeout: How long one platform request may take, connecting included (AsyncHTTPClient keeps
    ///   retrying a refused connection until then). Defaults to 10 seconds.
    package init(
        endpoints: PushEndpoints = .production, clock: any WallClock, logger: Logger, requestTimeout: Duration = .seconds(10)
    ) {
        self.endpoints = endpoints
        self.clock = clock
        self.logger = logger
        let components = requestTimeout.components
        let nanoseconds = components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
        let http = PushHTTPClient(
            additionalTrustRootsPEM: endpoints.additionalTrustRootsPEM, requestTimeout: .nanoseconds(max(1, nanoseconds)))
        self.http = http
        apns = APNsClient(endpoints: endpoints, http: http, tokens: APNsProviderTokens(clock: clock))
        fcm = FCMClient(
            endpoints: endpoints, http: http, tokens: FCMAccessTokens(endpoints: endpoints, http: http, clock: clock),
            clock: clock)
    }

    package func send(_ notification: PushNotification, to device: PushDevice, credentials: PushSettings) async -> PushSendOutcome {
        let outcome: PushSendOutcome
        switch device.deviceType {
        case "ios":
            guard let apnsCredentials = credentials.apns else {
                return .failed(
                    reason: "APNs is not configured for this application (kumo apps push)", isRetryable: false, code: "noCredentials")
            }
            outcome = await apns.send(notification, to: device.deviceToken, badge: device.badge, credentials: apnsCredentials)
        case "android":
            guard let fcmCredentials = credentials.fcm else {
                return .failed(
                    reason: "FCM is not configured for this application (kumo apps push)", isRetryable: false, code: "noCredentials")
            }
            outcome = await fcm.send(notification, to: device.deviceToken, credentials: fcmCredentials)
        default:
            return .failed(reason: "deviceType '\(device.deviceType)' cannot receive pushes", isRetryable: false, code: "unsupportedDeviceType")
        }
        log(outcome, notification: notification, device: device)
        return outcome
    }

    /// Closes the HTTP client; later sends fail as retryable. Call it when the sender's owner stops (tests, tools).
    package func shutdown() async {
        await http.shutdown()
    }

    private func log(_ outcome: PushSendOutcome, notification: PushNotification, device: PushDevice) {
        var metadata: Logger.Metadata = [
            "push_id": .string(notification.pushId), "installation_id": .string(device.installationId),
            "device_type": .string(device.deviceType),
        ]
        switch outcome {
        case .delivered:
            logger.debug("push delivered", metadata: metadata)
        case .deviceGone(let reason, _):
            metadata["reason"] = .string(reason)
            logger.info("push device gone", metadata: metadata)
        case .failed(let reason, let isRetryable, _):
            metadata["reason"] = .string(reason)
            metadata["retryable"] = .stringConvertible(isRetryable)
            logger.warning("push not delivered", metadata: metadata)
        }
    }
}
