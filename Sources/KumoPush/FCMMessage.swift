package import KumoSeams
package import NCMBWire

/// The body of one FCM HTTP v1 `messages:send` request: a data-only message, which the NCMB Android SDK
/// (`NCMBFirebaseMessagingService`) turns into a notification itself.
///
/// Data keys (all values strings): `com.nifcloud.mbaas.PushId`, `com.nifcloud.mbaas.RichUrl`, `title`, `message`,
/// `action`, `com.nifcloud.mbaas.Dialog` (`"true"`; the SDK tests for the key's presence) and `com.nifcloud.mbaas.Data`
/// (the JSON text of `userSettingValue`). `android.priority` is `high`; `android.ttl` is the time left before the push
/// expires.
package enum FCMMessage {
    /// The request body for `notification` to the registration token `token`, `now` being the send time.
    package static func body(_ notification: PushNotification, token: String, now: WireDate) -> JSONValue {
        var data = JSONObject()
        data["com.nifcloud.mbaas.PushId"] = .string(notification.pushId)
        if let richURL = notification.richURL, !richURL.isEmpty { data["com.nifcloud.mbaas.RichUrl"] = .string(richURL) }
        if let title = notification.title, !title.isEmpty { data["title"] = .string(title) }
        if let message = notification.message, !message.isEmpty { data["message"] = .string(message) }
        if let action = notification.action, !action.isEmpty { data["action"] = .string(action) }
        if notification.dialog { data["com.nifcloud.mbaas.Dialog"] = "true" }
        if let custom = notification.userSettingValue, !custom.isNull {
            data["com.nifcloud.mbaas.Data"] = .string(custom.serializedString())
        }
        var android: JSONObject = ["priority": "high"]
        if let expiresAt = notification.expiresAt {
            let remaining = max(0, expiresAt.millisecondsSince1970 - now.millisecondsSince1970)
            android["ttl"] = .string("\(remaining / 1000)s")
        }
        return ["message": ["token": .string(token), "data": .object(data), "android": .object(android)]]
    }
}
