package import KumoSeams
package import NCMBWire

/// The parts of one APNs provider-API request that depend only on the notification: payload and push headers.
///
/// The payload is what the NCMB iOS SDK reads: `aps` (alert, badge, sound, content-available, category), the push id
/// under `com.nifcloud.mbaas.PushId`, the rich-push URL under `com.nifcloud.mbaas.RichUrl`, and each key of
/// `userSettingValue` at the top level.
package struct APNsRequest: Sendable, Hashable {
    /// The JSON payload.
    package var payload: JSONValue
    /// `apns-push-type`: `alert`, or `background` for a content-available push without text.
    package var pushType: String
    /// `apns-priority`: 10 (immediately), or 5 for background pushes (Apple refuses 10 with `background`).
    package var priority: Int
    /// `apns-expiration` in seconds since 1970, or `nil` when the push does not expire.
    package var expiration: Int64?

    /// The request for `notification` to a device whose installation shows `badge` (for `badgeIncrementFlag`).
    package init(_ notification: PushNotification, badge: Int? = nil) {
        let isBackground =
            notification.contentAvailable && (notification.title ?? "").isEmpty && (notification.message ?? "").isEmpty
        pushType = isBackground ? "background" : "alert"
        priority = isBackground ? 5 : 10
        expiration = notification.expiresAt?.wholeSecondsSince1970
        payload = Self.payload(notification, badge: badge)
    }

    /// The payload object.
    static func payload(_ notification: PushNotification, badge installationBadge: Int?) -> JSONValue {
        var aps = JSONObject()
        var alert = JSONObject()
        if let title = notification.title, !title.isEmpty { alert["title"] = .string(title) }
        if let message = notification.message, !message.isEmpty { alert["body"] = .string(message) }
        if !alert.isEmpty { aps["alert"] = .object(alert) }
        // A fixed badgeSetting wins; badgeIncrementFlag sends the installation's badge + 1 (0 + 1 without one), as NCMB.
        if let badge = notification.badgeSetting {
            aps["badge"] = .integer(Int64(badge))
        } else if notification.badgeIncrement {
            aps["badge"] = .integer(Int64(installationBadge ?? 0) + 1)
        }
        if let sound = notification.sound, !sound.isEmpty { aps["sound"] = .string(sound) }
        if notification.contentAvailable { aps["content-available"] = .integer(1) }
        if let category = notification.category, !category.isEmpty { aps["category"] = .string(category) }

        var payload = JSONObject()
        if case .object(let custom)? = notification.userSettingValue {
            for (key, value) in custom where key != "aps" { payload[key] = value }
        }
        payload["aps"] = .object(aps)
        payload["com.nifcloud.mbaas.PushId"] = .string(notification.pushId)
        if let richURL = notification.richURL, !richURL.isEmpty { payload["com.nifcloud.mbaas.RichUrl"] = .string(richURL) }
        return .object(payload)
    }

    /// Whether `token` can be an APNs device token: hexadecimal digits only (it becomes part of the request path).
    package static func isPlausibleDeviceToken(_ token: String) -> Bool {
        !token.isEmpty && token.utf8.count <= 200
            && token.utf8.allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            }
    }
}
