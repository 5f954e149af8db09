import KumoPush
import KumoSeams
import NCMBWire
import Testing

/// The APNs payload and push headers built from a push (what the NCMB iOS SDK reads).
@Suite struct APNsPayloadTests {
    @Test func alertCarriesTitleBodyBadgeSoundCategoryAndNCMBKeys() {
        let request = APNsRequest(
            PushNotification(
                pushId: "push1", title: "Hello", message: "World", richURL: "https://example.com/rich", category: "reply",
                badgeSetting: 3, sound: "default"))
        let expected: JSONValue = [
            "aps": [
                "alert": ["title": "Hello", "body": "World"], "badge": .integer(3), "sound": "default", "category": "reply",
            ],
            "com.nifcloud.mbaas.PushId": "push1", "com.nifcloud.mbaas.RichUrl": "https://example.com/rich",
        ]
        #expect(request.payload == expected)
        #expect(request.pushType == "alert")
        #expect(request.priority == 10)
        #expect(request.expiration == nil)
    }

    @Test func userSettingValueKeysGoToTheTopLevelWithoutReplacingAps() {
        let request = APNsRequest(
            PushNotification(pushId: "push1", message: "m", userSettingValue: ["coupon": "A1", "count": 2, "aps": "no"]))
        let payload = request.payload.objectValue
        #expect(payload?["coupon"] == "A1")
        #expect(payload?["count"] == .integer(2))
        #expect(payload?["aps"]?.objectValue?["alert"] == ["body": "m"])
    }

    @Test func contentAvailableWithoutTextIsABackgroundPushAtPriorityFive() {
        let request = APNsRequest(PushNotification(pushId: "push1", contentAvailable: true))
        #expect(request.payload.objectValue?["aps"] == ["content-available": .integer(1)])
        #expect(request.pushType == "background")
        #expect(request.priority == 5)
    }

    @Test func contentAvailableWithAMessageStaysAnAlert() {
        let request = APNsRequest(PushNotification(pushId: "push1", message: "m", contentAvailable: true))
        #expect(request.pushType == "alert")
        #expect(request.priority == 10)
        #expect(request.payload.objectValue?["aps"]?.objectValue?["content-available"] == .integer(1))
    }

    @Test func badgeIncrementSendsTheInstallationsBadgePlusOneAndABadgeSettingWins() {
        let increment = APNsRequest(PushNotification(pushId: "p", message: "m", badgeIncrement: true), badge: 4)
        #expect(increment.payload.objectValue?["aps"]?.objectValue?["badge"] == .integer(5))
        let firstBadge = APNsRequest(PushNotification(pushId: "p", message: "m", badgeIncrement: true))
        #expect(firstBadge.payload.objectValue?["aps"]?.objectValue?["badge"] == .integer(1))
        let none = APNsRequest(PushNotification(pushId: "p", message: "m"), badge: 4)
        #expect(none.payload.objectValue?["aps"]?.objectValue?["badge"] == nil)
        let fixed = APNsRequest(PushNotification(pushId: "p", message: "m", badgeIncrement: true, badgeSetting: 7))
        #expect(fixed.payload.objectValue?["aps"]?.objectValue?["badge"] == .integer(7))
    }

    @Test func anExpiringPushCarriesItsExpiryInWholeSeconds() {
        let request = APNsRequest(
            PushNotification(pushId: "p", message: "m", expiresAt: WireDate(millisecondsSince1970: 1_234_567_890_999)))
        #expect(request.expiration == 1_234_567_890)
    }

    @Test(arguments: [
        ("a1B2c3", true), ("", false), ("abc/../x", false), ("token?x=1", false), ("0f 1e", false),
    ])
    func onlyHexadecimalDeviceTokensArePlausible(token: String, isPlausible: Bool) {
        #expect(APNsRequest.isPlausibleDeviceToken(token) == isPlausible)
    }
}
