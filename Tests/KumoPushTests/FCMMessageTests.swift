import KumoPush
import KumoSeams
import KumoTestSupport
import NCMBWire
import Testing

/// The FCM HTTP v1 message built from a push (the data keys the NCMB Android SDK reads).
@Suite struct FCMMessageTests {
    static let now = TestClock.start

    @Test func carriesEveryFieldAsAStringDataKey() {
        let notification = PushNotification(
            pushId: "push1", title: "Hello", message: "World", userSettingValue: ["coupon": "A1", "count": 2],
            richURL: "https://example.com/rich", action: "com.example.OPEN", dialog: true)
        let body = FCMMessage.body(notification, token: "registration-1", now: Self.now)
        let expected: JSONValue = [
            "message": [
                "token": "registration-1",
                "data": [
                    "com.nifcloud.mbaas.PushId": "push1", "com.nifcloud.mbaas.RichUrl": "https://example.com/rich",
                    "title": "Hello", "message": "World", "action": "com.example.OPEN", "com.nifcloud.mbaas.Dialog": "true",
                    "com.nifcloud.mbaas.Data": #"{"coupon":"A1","count":2}"#,
                ],
                "android": ["priority": "high"],
            ]
        ]
        #expect(body == expected)
    }

    @Test func leavesOutWhatThePushDoesNotSay() {
        let body = FCMMessage.body(PushNotification(pushId: "push1"), token: "t", now: Self.now)
        #expect(body.objectValue?["message"]?.objectValue?["data"] == ["com.nifcloud.mbaas.PushId": "push1"])
    }

    @Test func anExpiringPushGetsTheTimeLeftAsTTL() {
        let expiresAt = WireDate(millisecondsSince1970: Self.now.millisecondsSince1970 + 90_500)
        let body = FCMMessage.body(PushNotification(pushId: "p", expiresAt: expiresAt), token: "t", now: Self.now)
        #expect(body.objectValue?["message"]?.objectValue?["android"] == ["priority": "high", "ttl": "90s"])
    }

    @Test func anAlreadyExpiredPushGetsAZeroTTL() {
        let expiresAt = WireDate(millisecondsSince1970: Self.now.millisecondsSince1970 - 1000)
        let body = FCMMessage.body(PushNotification(pushId: "p", expiresAt: expiresAt), token: "t", now: Self.now)
        #expect(body.objectValue?["message"]?.objectValue?["android"]?.objectValue?["ttl"] == "0s")
    }
}
