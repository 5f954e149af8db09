public import Foundation
internal import NCMBWire

/// Open tracking: tells the server that the app was opened from a push notification (docs/wire/endpoints/push.md).
///
/// ```swift
/// // UNUserNotificationCenterDelegate
/// func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
///     try? await NCMBAnalytics.trackAppOpened(userInfo: response.notification.request.content.userInfo)
/// }
/// ```
///
/// A push carries its objectId under the payload key `com.nifcloud.mbaas.PushId`; tracking sends
/// `POST /push/{pushId}/openNumber` with the `deviceType` and `deviceToken` of ``NCMBInstallation/currentInstallation``.
/// Nothing is sent when the payload has no push id or this device's installation has not been saved.
///
/// As in ncmb_swift, the class is an `NSObject` subclass (Foundation's `NSObject` on Linux) whose methods are all
/// static.
public final class NCMBAnalytics: NSObject, Sendable {
    /// The payload key of the push's objectId.
    static let pushIdKey = "com.nifcloud.mbaas.PushId"

    /// Records that the app was opened from the push of `userInfo`, in the background; errors are ignored, as in
    /// ncmb_swift.
    ///
    /// - Parameter userInfo: The notification's payload.
    public static func trackAppOpenedWithRemoteNotificationPayload(userInfo: [String: AnyObject]) {
        guard let pushId = userInfo[pushIdKey] as? String else { return }
        BackgroundCall.start({ _ in }) { _ = try await recordOpen(pushId: pushId) }
    }

    /// Records that the app was opened from the push of `userInfo`.
    ///
    /// - Parameter userInfo: The notification's payload, e.g. `UNNotificationContent.userInfo`.
    /// - Returns: Whether a request was sent: `false` when the payload has no `com.nifcloud.mbaas.PushId` or this
    ///   device's installation has no objectId.
    /// - Throws: ``NCMBApiError`` for a server error (E404001 for an unknown push); the transport's error when no
    ///   response arrived.
    /// - Note: A Kumo addition; ncmb_swift's methods send in the background and ignore the outcome.
    @discardableResult
    public static func trackAppOpened(userInfo: [AnyHashable: Any]) async throws -> Bool {
        guard let pushId = userInfo[pushIdKey] as? String else { return false }
        return try await recordOpen(pushId: pushId)
    }

    /// Sends the open of push `pushId` for this device's installation; `false` when it has not been saved.
    static func recordOpen(pushId: String) async throws -> Bool {
        let context = NCMBContext.resolved
        let installation = NCMBInstallation.currentInstallation
        guard installation.objectId != nil else { return false }
        var body: JSONObject = [StandardField.Installation.deviceType.rawValue: .string(installation.deviceType ?? NCMB.DEVICE_TYPE)]
        if let deviceToken = installation.deviceToken { body[StandardField.Installation.deviceToken.rawValue] = .string(deviceToken) }
        _ = try await NCMBPushService(context: context).recordOpen(pushId: pushId, body: body)
        return true
    }
}
