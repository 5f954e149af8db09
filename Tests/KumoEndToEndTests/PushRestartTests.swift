import AsyncHTTPClient
import Foundation
import NCMBWire
import NIOHTTP1
import Testing

/// Push delivery in `kumo serve` (docs/wire/endpoints/push.md): the delivery service polls the durable queue, so a push
/// is worked soon after it is due, also when the server was restarted in between. The application has no APNs
/// credentials, so the work shows as the push's final `status` 4 with the reason in its `error` (no network is used).
@Suite(.serialized) struct PushRestartTests {
    /// Polls `GET /push/{id}` until its `status` is final (2, 3 or 4) or `seconds` have passed; returns the last push.
    func waitForFinalStatus(_ kumo: KumoProcess, _ pushId: String, seconds: Double = 60) async throws -> JSONObject {
        let deadline = Date().addingTimeInterval(seconds)
        var push = JSONObject()
        while Date() < deadline {
            let response = try await kumo.send(.GET, "/2013-09-01/push/\(pushId)")
            push = try JSONValue(parsing: response.body).objectValue ?? [:]
            if let status = push["status"]?.integerValue, status >= 2 { return push }
            try await Task.sleep(for: .milliseconds(200))
        }
        return push
    }

    /// Registers an iOS installation and a push, returning the push's objectId.
    func registerPush(_ kumo: KumoProcess, _ body: String) async throws -> String {
        let installation = try await kumo.send(.POST, "/2013-09-01/installations", body: #"{"deviceType":"ios","deviceToken":"e2e-token"}"#)
        #expect(installation.status == 201 || installation.status == 409)
        let created = try await kumo.send(.POST, "/2013-09-01/push", body: body)
        #expect(created.status == 201, "push: \(created.body)")
        return try #require(try JSONValue(parsing: created.body).objectValue?["objectId"]?.stringValue)
    }

    @Test func anImmediatePushIsWorkedWithinSeconds() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        try kumo.allowClientPush()
        try kumo.start()
        defer { kumo.stop() }

        let pushId = try await registerPush(kumo, #"{"immediateDeliveryFlag":true,"message":"now"}"#)
        let push = try await waitForFinalStatus(kumo, pushId)

        #expect(push["status"] == 4)
        #expect(push["deliveryPlanNumber"] == 1)
        let reason = push["error"]?.objectValue?["reasons"]?.arrayValue?.first?.objectValue?["reason"]
        #expect(reason == "no APNs credentials are configured for this application")
    }

    @Test func aScheduledPushSurvivesARestart() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        try kumo.allowClientPush()
        try kumo.start()

        // Due well after the stop even when a busy machine is slow to answer the first requests.
        let dueDate = Date().addingTimeInterval(10)
        let due = WireDate(millisecondsSince1970: Int64(dueDate.timeIntervalSince1970 * 1000))
        let pushId = try await registerPush(kumo, #"{"deliveryTime":{"__type":"Date","iso":"\#(due.formatted)"},"message":"later"}"#)
        let scheduled = try await kumo.send(.GET, "/2013-09-01/push/\(pushId)")
        #expect(try JSONValue(parsing: scheduled.body).objectValue?["status"] == 0)
        #expect(kumo.stop() == 0)

        // Started again at once: the push comes due under the new process, which finds it in the database alone (the
        // wait for its final status is bounded; no fixed sleep until the due date).
        try kumo.start()
        defer { kumo.stop() }
        let push = try await waitForFinalStatus(kumo, pushId)

        #expect(push["status"] == 4)
        #expect(push["deliveryPlanNumber"] == 1)
        #expect(push["error"]?.objectValue?["failedDevices"] == 1)
    }
}
