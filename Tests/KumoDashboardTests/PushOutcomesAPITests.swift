import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Push through the dashboard (docs/dashboard.md#push): an administrator composes a push while client push is off, the
/// delivery service sends it (`RecordingPushSender` in place of APNs and FCM), and each device's outcome is listed with
/// a stable reason code (docs/decisions/0082-per-device-push-outcomes.md).
@Suite struct PushOutcomesAPITests {
    static let pushes = "/dashboard/api/apps/test/classes/push/objects"
    static let installations = "/dashboard/api/apps/test/classes/installations/objects"
    static let credentials = PushSettings(
        apns: APNsCredentials(keyId: "KEY0000001", teamId: "TEAM000001", privateKeyPEM: "apns-pem", topic: "com.example.app"))

    static func object(_ response: TestResponse) -> JSONObject { response.json?.objectValue ?? [:] }

    /// A dashboard over a server whose push sender records sends and answers `badToken` as APNs answers a dead token.
    static func with(_ body: @escaping @Sendable (DashboardHarness, DashboardClientSession) async throws -> Void) async throws {
        let sender = RecordingPushSender(failsOnUnscriptedDevices: true)
        sender.script(token: "0a0a", .delivered)
        sender.script(
            token: "0b0b",
            .deviceGone(reason: "APNs: 400 BadDeviceToken (the device token is not valid for this environment)", code: "BadDeviceToken"))
        try await DashboardHarness.with(server: { $0.pushSender = sender }) { harness, session in
            try await harness.server.storage.applications.updateSettings(
                applicationId: "TestApplicationId", settings: ApplicationSettings(push: credentials))
            try await session.signIn()
            try await body(harness, session)
        }
    }

    /// Registers an iOS installation; returns its objectId.
    static func install(_ session: DashboardClientSession, token: String) async throws -> String {
        let created = try await session.change(.post, installations, body: #"{"deviceType":"ios","deviceToken":"\#(token)"}"#)
        return try #require(object(created)["objectId"]?.stringValue, "\(created.text)")
    }

    @Test func eachDevicesOutcomeIsListedWithAReadableReasonAfterADelivery() async throws {
        try await Self.with { harness, session in
            let good = try await Self.install(session, token: "0a0a")
            let bad = try await Self.install(session, token: "0b0b")
            let composed = try await session.change(
                .post, Self.pushes, body: #"{"immediateDeliveryFlag":true,"message":"hello","target":["ios"]}"#)
            let pushId = try #require(Self.object(composed)["objectId"]?.stringValue, "\(composed.text)")

            #expect(try await harness.server.deliverDuePushes() == 1)
            let all = try await session.send(.get, "/dashboard/api/apps/test/push/\(pushId)/outcomes")
            let failed = try await session.send(.get, "/dashboard/api/apps/test/push/\(pushId)/outcomes?outcome=failed")

            #expect(composed.status == .created)
            let answer = Self.object(all)
            #expect(answer["count"] == 2)
            let push = try #require(answer["push"]?.objectValue)
            #expect(push["status"] == .integer(PushStatus.partlyFailed.rawValue))
            #expect(push["deliveryPlanNumber"] == 2 && push["deliveryNumber"] == 1 && push["failedDevices"] == 1)
            let results = answer["results"]?.arrayValue?.compactMap(\.objectValue) ?? []
            let delivered = try #require(results.first { $0["installationId"] == .string(good) })
            #expect(delivered["outcome"] == "delivered" && delivered["reasonCode"] == .null && delivered["deviceType"] == "ios")
            #expect(delivered["time"] == .string(TestClock.start.formatted) && delivered["attempt"] == 1)
            let refused = try #require(results.first { $0["installationId"] == .string(bad) })
            #expect(refused["outcome"] == "failed" && refused["reasonCode"] == "BadDeviceToken")
            #expect(refused["reason"]?.stringValue?.contains("not valid for this environment") == true)
            #expect(Self.object(failed)["results"]?.arrayValue?.count == 1 && Self.object(failed)["count"] == 1)
            let entry = try #require(try await harness.audit().first)
            #expect(entry.action == "push.create" && entry.target == pushId && entry.detail["className"] == "push")
        }
    }

    @Test func anAdministratorMaySendWhileClientPushIsOff() async throws {
        try await Self.with { harness, session in
            let composed = try await session.change(.post, Self.pushes, body: #"{"immediateDeliveryFlag":true,"message":"m"}"#)
            let viaREST = try await harness.server.test { requester in
                try await requester.send(.post, "/2013-09-01/push", body: #"{"immediateDeliveryFlag":true,"message":"m"}"#)
            }

            #expect(composed.status == .created)
            #expect(viaREST.status == .forbidden && viaREST.errorCode == "E403003")
        }
    }

    @Test func aDeletedPushTakesItsOutcomesWithItAndIsAudited() async throws {
        try await Self.with { harness, session in
            _ = try await Self.install(session, token: "0a0a")
            let composed = try await session.change(.post, Self.pushes, body: #"{"immediateDeliveryFlag":true,"message":"m"}"#)
            let pushId = try #require(Self.object(composed)["objectId"]?.stringValue)
            try await harness.server.deliverDuePushes()

            let deleted = try await session.change(.delete, "\(Self.pushes)/\(pushId)")
            let outcomes = try await harness.server.storage.pushOutcomes.outcomes(
                applicationId: "TestApplicationId", pushId: pushId, kind: nil, limit: 10, skip: 0)
            let afterwards = try await session.send(.get, "/dashboard/api/apps/test/push/\(pushId)/outcomes")

            #expect(deleted.status == .ok)
            #expect(outcomes.count == 0)
            #expect(afterwards.status == .notFound && Self.object(afterwards)["code"] == "E404001")
            #expect(try await harness.audit().first?.action == "push.delete")
        }
    }

    @Test(arguments: ["outcome=sent", "limit=0", "limit=1001", "skip=-1", "limit=x"])
    func badQueryParametersAreRefusedNamingThem(query: String) async throws {
        try await Self.with { _, session in
            let composed = try await session.change(
                .post, Self.pushes, body: #"{"message":"m","deliveryTime":{"__type":"Date","iso":"2030-01-01T00:00:00.000Z"}}"#)
            let pushId = try #require(Self.object(composed)["objectId"]?.stringValue, "\(composed.text)")

            let response = try await session.send(.get, "/dashboard/api/apps/test/push/\(pushId)/outcomes?\(query)")

            #expect(response.status == .badRequest && Self.object(response)["code"] == "invalid")
            #expect(Self.object(response)["field"] == .string(String(query.prefix { $0 != "=" })))
        }
    }

    @Test func anUnknownPushIsNCMBs404() async throws {
        try await Self.with { _, session in
            let response = try await session.send(.get, "/dashboard/api/apps/test/push/missing/outcomes")

            #expect(response.status == .notFound && Self.object(response)["code"] == "E404001")
        }
    }
}
