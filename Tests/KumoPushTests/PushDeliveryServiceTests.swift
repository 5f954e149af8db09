import KumoPush
import KumoSeams
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `PushDeliveryService.deliverDuePushes()` over storage fakes (`FakePushQueue`) and a `RecordingPushSender`: what is
/// sent, what the push records, and what happens to the job (docs/wire/endpoints/push.md).
@Suite struct PushDeliveryServiceTests {
    static let immediate: JSONObject = ["immediateDeliveryFlag": true, "title": "t", "message": "m", "error": nil]
    static let twoDevices = [("i1", "ios", "token-ios"), ("i2", "android", "token-android")]

    /// `i` and `number` zero-padded to `width` digits, so objectId order is number order.
    static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return "i" + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    @Test func sendsAnImmediatePushToEveryDeviceAndCompletesTheJob() async throws {
        let queue = FakePushQueue(push: Self.immediate, installations: Self.twoDevices)

        let worked = try await queue.service.deliverDuePushes()

        #expect(worked == 1)
        #expect(Set(queue.sender.sentTokens) == ["token-ios", "token-android"])
        #expect(queue.completed.get().map(\.pushId) == ["push0000000001"])
        #expect(queue.rescheduled.get().isEmpty)
        #expect(queue.pushFields["deliveryPlanNumber"] == 2)
        #expect(queue.pushFields["deliveryNumber"] == 2)
        #expect(queue.pushFields["status"] == .integer(PushStatus.delivered.rawValue))
        #expect(queue.pushFields["error"] == .null)
    }

    @Test func buildsTheNotificationFromThePushFields() async throws {
        let fields: JSONObject = [
            "immediateDeliveryFlag": true, "title": "Hello", "message": "World", "userSettingValue": ["k": "v"],
            "richUrl": "https://example.com", "category": "c", "badgeIncrementFlag": true, "badgeSetting": 3, "sound": "s.caf",
            "contentAvailable": true, "action": "Open", "dialog": true, "deliveryExpirationTime": "2 day",
        ]
        let queue = FakePushQueue(push: fields, installations: [("i1", "ios", "token-ios")])

        try await queue.service.deliverDuePushes()

        let send = try #require(queue.sender.sends.first)
        #expect(
            send.notification
                == PushNotification(
                    pushId: "push0000000001", title: "Hello", message: "World", userSettingValue: ["k": "v"],
                    richURL: "https://example.com", category: "c", badgeIncrement: true, badgeSetting: 3, sound: "s.caf",
                    contentAvailable: true, action: "Open", dialog: true,
                    expiresAt: WireDate(millisecondsSince1970: TestClock.start.millisecondsSince1970 + 2 * 86_400_000)))
        #expect(send.device == PushDevice(installationId: "i1", deviceType: "ios", deviceToken: "token-ios"))
        #expect(send.credentials == FakePushQueue.credentials)
    }

    @Test func asksForTheTargetPlatformsReachableDevicesMatchingTheSearchCondition() async throws {
        let fields: JSONObject = ["immediateDeliveryFlag": true, "target": ["ios"], "searchCondition": ["score": ["$gt": 80]]]
        let queue = FakePushQueue(push: fields, installations: [("i1", "ios", "token-ios")])

        try await queue.service.deliverDuePushes()

        let request = try #require(queue.finds.get().first)
        #expect(
            request.parameters.whereQuery.clauses == [
                .field(FieldName("score")!, [.greaterThan(80)]),
                .field(FieldName("deviceType")!, [.containedIn(["ios"])]),
                .field(FieldName("deviceToken")!, [.exists(true)]),
                .field(FieldName("pushDeactivatedAt")!, [.equalTo(.null)]),
            ])
        #expect(request.parameters.order == [SortKey(field: .objectId)])
        #expect(request.parameters.limit == 1000)
    }

    @Test func readsASegmentOfMoreThanOnePage() async throws {
        let devices = (1...1001).map { (Self.padded($0, 5), "android", "token\($0)") }
        let queue = FakePushQueue(push: Self.immediate, installations: devices)

        try await queue.service.deliverDuePushes()

        #expect(queue.finds.get().count == 2)
        #expect(queue.finds.get().last?.parameters.whereQuery.clauses.last == .field(.objectId, [.greaterThan("i01000")]))
        #expect(queue.sender.sends.count == 1001)
        #expect(queue.pushFields["deliveryPlanNumber"] == 1001)
        #expect(queue.pushFields["deliveryNumber"] == 1001)
    }

    @Test func keepsAtMostEightSendsInFlight() async throws {
        let devices = (1...24).map { ("i\($0)", "ios", "token\($0)") }
        let queue = FakePushQueue(push: Self.immediate, installations: devices, sender: RecordingPushSender(delay: .milliseconds(5)))

        try await queue.service.deliverDuePushes()

        #expect(queue.sender.sends.count == 24)
        #expect(queue.sender.maximumInFlight <= 8)
        #expect(queue.sender.maximumInFlight > 1)
    }

    @Test func sendsNothingForAnExpiredPushAndRecordsWhy() async throws {
        var fields = Self.immediate
        fields["deliveryExpirationDate"] = TypedValue.dateJSON(TestClock.start)
        let queue = FakePushQueue(push: fields, installations: Self.twoDevices)

        try await queue.service.deliverDuePushes()

        #expect(queue.sender.sends.isEmpty)
        #expect(queue.finds.get().isEmpty)
        #expect(queue.pushFields["status"] == .integer(PushStatus.failed.rawValue))
        #expect(queue.pushFields["error"] == ["reason": "expired before delivery"])
        #expect(queue.completed.get().count == 1)
    }

    @Test func completesTheJobOfADeletedPushWithoutSending() async throws {
        let queue = FakePushQueue(push: Self.immediate, installations: Self.twoDevices)
        queue.push.set(nil)

        try await queue.service.deliverDuePushes()

        #expect(queue.sender.sends.isEmpty)
        #expect(queue.completed.get().count == 1)
        #expect(queue.pushUpdates.get().isEmpty)
    }

    @Test func deactivatesAnInstallationWhoseTokenIsGoneAndSaysSo() async throws {
        let queue = FakePushQueue(push: Self.immediate, installations: Self.twoDevices)
        queue.sender.script(token: "token-ios", .deviceGone(reason: "BadDeviceToken: the device token is invalid"))

        try await queue.service.deliverDuePushes()

        let update = try #require(queue.installationUpdates.get().first)
        #expect(update.key.objectId == "i1")
        #expect(update.operations.map(\.0.rawValue) == ["pushDeactivatedAt", "pushDeactivationReason"])
        #expect(
            update.operations.map(\.1) == [.set(TypedValue.dateJSON(TestClock.start)), .set("BadDeviceToken: the device token is invalid")])
        #expect(queue.pushFields["deliveryNumber"] == 1)
        #expect(queue.pushFields["status"] == .integer(PushStatus.partlyFailed.rawValue))
        #expect(
            queue.pushFields["error"]
                == [
                    "failedDevices": 1,
                    "reasons": [
                        [
                            "installationId": "i1", "deviceType": "ios",
                            "reason": "BadDeviceToken: the device token is invalid (installation deactivated)",
                        ]
                    ],
                ])
    }

    @Test func marksThePushFailedWhenEveryDeviceFails() async throws {
        let queue = FakePushQueue(push: Self.immediate, installations: [("i1", "android", "token-android")])
        queue.sender.script(token: "token-android", .failed(reason: "SENDER_ID_MISMATCH", isRetryable: false))

        try await queue.service.deliverDuePushes()

        #expect(queue.pushFields["status"] == .integer(PushStatus.failed.rawValue))
        #expect(queue.pushFields["error"]?.objectValue?["failedDevices"] == 1)
        #expect(queue.rescheduled.get().isEmpty)
        #expect(queue.completed.get().count == 1)
    }

    @Test func doesNotSendToAPlatformWithoutCredentials() async throws {
        let queue = FakePushQueue(push: Self.immediate, installations: Self.twoDevices)
        queue.application.mutate { $0.settings.push = PushSettings(fcm: FakePushQueue.credentials.fcm) }

        try await queue.service.deliverDuePushes()

        #expect(queue.sender.sentTokens == ["token-android"])
        let reasons = queue.pushFields["error"]?.objectValue?["reasons"]?.arrayValue
        #expect(reasons?.first?.objectValue?["reason"] == "no APNs credentials are configured for this application")
    }

    @Test func listsAtMostTwentyFailedDevicesButCountsThemAll() async throws {
        let devices = (1...25).map { (Self.padded($0, 2), "android", "token\($0)") }
        let queue = FakePushQueue(push: Self.immediate, installations: devices)
        for index in 1...25 { queue.sender.script(token: "token\(index)", .failed(reason: "INVALID_ARGUMENT", isRetryable: false)) }

        try await queue.service.deliverDuePushes()

        let error = try #require(queue.pushFields["error"]?.objectValue)
        #expect(error["failedDevices"] == 25)
        #expect(error["reasons"]?.arrayValue?.count == 20)
    }

    @Test func recordsAnEmptySegmentAsDelivered() async throws {
        let queue = FakePushQueue(push: Self.immediate)

        try await queue.service.deliverDuePushes()

        #expect(queue.sender.sends.isEmpty)
        #expect(queue.pushFields["deliveryPlanNumber"] == 0)
        #expect(queue.pushFields["status"] == .integer(PushStatus.delivered.rawValue))
        #expect(queue.completed.get().count == 1)
    }

    @Test func leavesTheJobLeasedWhenStorageFails() async throws {
        let queue = FakePushQueue(push: Self.immediate, installations: Self.twoDevices)
        queue.failsFinds.set(true)

        let worked = try await queue.service.deliverDuePushes()

        #expect(worked == 1)
        #expect(queue.sender.sends.isEmpty)
        #expect(queue.completed.get().isEmpty)
        #expect(queue.rescheduled.get().isEmpty)
    }

    @Test func failsAPushWhoseSearchConditionCannotBeRead() async throws {
        let queue = FakePushQueue(push: ["immediateDeliveryFlag": true, "searchCondition": ["score": ["$bogus": 1]]])

        try await queue.service.deliverDuePushes()

        #expect(queue.sender.sends.isEmpty)
        #expect(queue.pushFields["status"] == .integer(PushStatus.failed.rawValue))
        #expect(queue.pushFields["error"]?.objectValue?["reason"]?.stringValue?.hasPrefix("searchCondition is invalid") == true)
        #expect(queue.completed.get().count == 1)
    }
}
