import HTTPTypes
import HummingbirdTesting
import KumoPush
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Push delivery on a real server and real storage (SQLite, and PostgreSQL when configured): pushes registered over
/// REST, installations resolved by the query engine, the durable job store's claims, leases and retries, with a
/// `RecordingPushSender` in place of APNs and FCM (docs/wire/endpoints/installations.md, docs/wire/endpoints/push.md).
@Suite struct PushDeliveryIntegrationTests {
    static let credentials = PushSettings(
        apns: APNsCredentials(keyId: "KEY0000001", teamId: "TEAM000001", privateKeyPEM: "apns-pem", topic: "com.example.app"),
        fcm: FCMCredentials(projectId: "project", clientEmail: "push@project.example", privateKeyPEM: "fcm-pem"))

    /// A running server whose push sender is `sender`, with a delivery service on the same environment.
    struct Scenario {
        let application: TestApplication
        let requester: TestRequester
        let sender: RecordingPushSender

        var service: PushDeliveryService { PushDeliveryService(environment: application.environment) }

        /// Registers an installation and returns its objectId.
        func install(_ type: String, _ token: String, _ extra: String = "") async throws -> String {
            try await requester.installDevice(type, token, extra)
        }

        /// Registers a push and returns its objectId.
        func push(_ body: String) async throws -> String { try await requester.registerPush(body) }

        /// The push as `GET /push/{id}` shows it.
        func fetchPush(_ objectId: String) async throws -> JSONObject { try await requester.fetchPush(objectId) }

        /// The installation as `GET /installations/{id}` shows it.
        func fetchInstallation(_ objectId: String) async throws -> JSONObject {
            let response = try await requester.send(.get, "/2013-09-01/installations/\(objectId)")
            return try #require(response.json?.objectValue, "get installation: \(response.text)")
        }
    }

    /// Runs `body` on a fresh server of `engine` with push credentials and a recording sender.
    static func with(
        _ engine: StorageEngine, sender: RecordingPushSender = RecordingPushSender(),
        _ body: @escaping @Sendable (Scenario) async throws -> Void
    ) async throws {
        let useSender: (inout ServerEnvironment) -> Void = { $0.pushSender = sender }
        try await TestApplication.with(engine: engine, settings: ApplicationSettings(push: credentials, clientPushEnabled: true), environment: useSender) {
            application in
            try await application.test { requester in
                try await body(Scenario(application: application, requester: requester, sender: sender))
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anImmediatePushReachesEveryDeviceOnce(_ engine: StorageEngine) async throws {
        try await Self.with(engine) { scenario in
            _ = try await scenario.install("ios", "token-ios")
            _ = try await scenario.install("android", "token-android")
            let pushId = try await scenario.push(#"{"immediateDeliveryFlag":true,"title":"t","message":"m"}"#)

            #expect(try await scenario.service.deliverDuePushes() == 1)
            #expect(try await scenario.service.deliverDuePushes() == 0)

            #expect(scenario.sender.sentTokens.sorted() == ["token-android", "token-ios"])
            #expect(scenario.sender.sends.allSatisfy { $0.notification.pushId == pushId && $0.notification.message == "m" })
            let push = try await scenario.fetchPush(pushId)
            #expect(push["deliveryPlanNumber"] == 2)
            #expect(push["deliveryNumber"] == 2)
            #expect(push["status"] == .integer(PushStatus.delivered.rawValue))
            #expect(push["error"] == nil || push["error"] == .null)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aSearchConditionSelectsMatchingInstallations(_ engine: StorageEngine) async throws {
        let sender = RecordingPushSender(failsOnUnscriptedDevices: true)
        sender.script(token: "token-high", .delivered)
        try await Self.with(engine, sender: sender) { scenario in
            _ = try await scenario.install("ios", "token-high", #","score":90"#)
            _ = try await scenario.install("ios", "token-low", #","score":10"#)
            let pushId = try await scenario.push(#"{"immediateDeliveryFlag":true,"searchCondition":{"score":{"$gt":80}},"message":"m"}"#)

            try await scenario.service.deliverDuePushes()

            #expect(scenario.sender.sentTokens == ["token-high"])
            #expect(try await scenario.fetchPush(pushId)["deliveryPlanNumber"] == 1)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aTargetLimitsThePlatforms(_ engine: StorageEngine) async throws {
        try await Self.with(engine) { scenario in
            _ = try await scenario.install("ios", "token-ios")
            _ = try await scenario.install("android", "token-android")
            _ = try await scenario.push(#"{"immediateDeliveryFlag":true,"target":["ios"],"message":"m"}"#)

            try await scenario.service.deliverDuePushes()

            #expect(scenario.sender.sentTokens == ["token-ios"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aScheduledPushIsSentOnceAfterItsTime(_ engine: StorageEngine) async throws {
        try await Self.with(engine) { scenario in
            _ = try await scenario.install("android", "token-android")
            let time = WireDate(millisecondsSince1970: TestClock.start.millisecondsSince1970 + 3_600_000)
            _ = try await scenario.push(#"{"deliveryTime":{"__type":"Date","iso":"\#(time.formatted)"},"message":"later"}"#)

            #expect(try await scenario.service.deliverDuePushes() == 0)
            scenario.application.clock.advance(milliseconds: 3_599_999)
            #expect(try await scenario.service.deliverDuePushes() == 0)
            #expect(scenario.sender.sends.isEmpty)

            scenario.application.clock.advance(milliseconds: 1)
            try await scenario.service.deliverDuePushes()
            try await scenario.service.deliverDuePushes()

            #expect(scenario.sender.sentTokens == ["token-android"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anExpiredPushIsNotSentAndSaysWhy(_ engine: StorageEngine) async throws {
        try await Self.with(engine) { scenario in
            _ = try await scenario.install("ios", "token-ios")
            let time = WireDate(millisecondsSince1970: TestClock.start.millisecondsSince1970 + 60_000)
            let pushId = try await scenario.push(
                #"{"deliveryTime":{"__type":"Date","iso":"\#(time.formatted)"},"deliveryExpirationTime":"1 hour","message":"m"}"#)
            scenario.application.clock.advance(milliseconds: 60_000 + 3_600_000)

            try await scenario.service.deliverDuePushes()

            #expect(scenario.sender.sends.isEmpty)
            let push = try await scenario.fetchPush(pushId)
            #expect(push["status"] == .integer(PushStatus.failed.rawValue))
            #expect(push["error"] == ["reason": "expired before delivery"])
            #expect(try await scenario.service.deliverDuePushes() == 0)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aDeadTokenDeactivatesItsInstallationUntilANewTokenIsRegistered(_ engine: StorageEngine) async throws {
        try await Self.with(engine) { scenario in
            let dead = try await scenario.install("ios", "token-dead")
            _ = try await scenario.install("ios", "token-alive")
            scenario.sender.script(token: "token-dead", .deviceGone(reason: "BadDeviceToken: the device token is invalid"))
            let firstId = try await scenario.push(#"{"immediateDeliveryFlag":true,"message":"first"}"#)
            try await scenario.service.deliverDuePushes()

            let first = try await scenario.fetchPush(firstId)
            #expect(first["status"] == .integer(PushStatus.partlyFailed.rawValue))
            #expect(
                first["error"]
                    == [
                        "failedDevices": 1,
                        "reasons": [
                            [
                                "installationId": .string(dead), "deviceType": "ios",
                                "reason": "BadDeviceToken: the device token is invalid (installation deactivated)",
                            ]
                        ],
                    ])
            let installation = try await scenario.fetchInstallation(dead)
            #expect(installation["pushDeactivatedAt"] == TypedValue.dateJSON(TestClock.start))
            #expect(installation["pushDeactivationReason"] == "BadDeviceToken: the device token is invalid")

            scenario.sender.clearSends()
            _ = try await scenario.push(#"{"immediateDeliveryFlag":true,"message":"second"}"#)
            try await scenario.service.deliverDuePushes()
            #expect(scenario.sender.sentTokens == ["token-alive"])

            let renewed = try await scenario.requester.send(
                .put, "/2013-09-01/installations/\(dead)", body: #"{"deviceToken":"token-new"}"#)
            #expect(renewed.status.code == 200)
            scenario.sender.clearSends()
            _ = try await scenario.push(#"{"immediateDeliveryFlag":true,"message":"third"}"#)
            try await scenario.service.deliverDuePushes()
            #expect(scenario.sender.sentTokens.sorted() == ["token-alive", "token-new"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aRetryableFailureIsRetriedAtTheBackoffTimeForTheFailedDeviceOnly(_ engine: StorageEngine) async throws {
        try await Self.with(engine) { scenario in
            _ = try await scenario.install("ios", "token-ok")
            _ = try await scenario.install("android", "token-flaky")
            scenario.sender.script(token: "token-flaky", .failed(reason: "503 UNAVAILABLE", isRetryable: true), .delivered)
            let pushId = try await scenario.push(#"{"immediateDeliveryFlag":true,"message":"m"}"#)

            try await scenario.service.deliverDuePushes()
            let partial = try await scenario.fetchPush(pushId)
            #expect(partial["deliveryNumber"] == 1)
            #expect(partial["status"] == .integer(PushStatus.delivering.rawValue))
            #expect(partial["error"]?.objectValue?["retryingDevices"] == 1)

            scenario.sender.clearSends()
            scenario.application.clock.advance(milliseconds: 29_999)
            #expect(try await scenario.service.deliverDuePushes() == 0)
            scenario.application.clock.advance(milliseconds: 1)
            #expect(try await scenario.service.deliverDuePushes() == 1)

            #expect(scenario.sender.sentTokens == ["token-flaky"])
            let done = try await scenario.fetchPush(pushId)
            #expect(done["deliveryPlanNumber"] == 2)
            #expect(done["deliveryNumber"] == 2)
            #expect(done["status"] == .integer(PushStatus.delivered.rawValue))
            #expect(done["error"] == nil || done["error"] == .null)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aDeletedPushIsNeverSent(_ engine: StorageEngine) async throws {
        try await Self.with(engine) { scenario in
            _ = try await scenario.install("ios", "token-ios")
            let pushId = try await scenario.push(#"{"immediateDeliveryFlag":true,"message":"m"}"#)
            let deleted = try await scenario.requester.send(.delete, "/2013-09-01/push/\(pushId)")
            #expect(deleted.status.code == 200)

            try await scenario.service.deliverDuePushes()

            #expect(scenario.sender.sends.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func concurrentWorkersNeverSendTwice(_ engine: StorageEngine) async throws {
        try await Self.with(engine, sender: RecordingPushSender(delay: .milliseconds(2))) { scenario in
            for index in 0..<3 { _ = try await scenario.install(index.isMultiple(of: 2) ? "ios" : "android", "token-\(index)") }
            for index in 0..<6 { _ = try await scenario.push(#"{"immediateDeliveryFlag":true,"message":"m\#(index)"}"#) }

            async let first = scenario.service.deliverDuePushes()
            async let second = scenario.service.deliverDuePushes()
            let worked = try await first + second

            #expect(worked == 6)
            let sent = scenario.sender.sends.map { "\($0.notification.pushId)/\($0.device.deviceToken)" }
            #expect(sent.count == 18)
            #expect(Set(sent).count == 18)
        }
    }
}
