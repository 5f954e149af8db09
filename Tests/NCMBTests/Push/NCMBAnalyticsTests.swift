import Foundation
import NCMB
import NCMBWire
import Testing

/// `NCMBAnalytics`: open tracking of the push in a notification's payload
/// (docs/wire/endpoints/push.md#f80-open-tracking).
@Suite struct NCMBAnalyticsTests {
    let environment = UserTestEnvironment()
    var transport: RecordingTransport { environment.transport }

    /// A notification payload as ncmb_swift's methods take it.
    static var payload: [String: AnyObject] { ["com.nifcloud.mbaas.PushId": "push_id" as NSString, "aps": NSDictionary()] }

    @Test func trackAppOpenedSendsTheDeviceOfTheCurrentInstallation() async throws {
        environment.storeInstallation(["objectId": "inst", "deviceType": "ios", "deviceToken": "deadbeef"])
        transport.expect(
            .pushOpened(objectId: "push_id", ["deviceType": "ios", "deviceToken": "deadbeef"]),
            reply: .json(200, PushReplies.opened))

        let sent = try await NCMBContext.$current.withValue(environment.context) {
            try await NCMBAnalytics.trackAppOpened(userInfo: ["com.nifcloud.mbaas.PushId": "push_id"])
        }

        #expect(sent)
        #expect(transport.body(at: 0) == #"{"deviceType":"ios","deviceToken":"deadbeef"}"#)
        #expect(transport.requests.first?.url.path == "/2013-09-01/push/push_id/openNumber")
        #expect(transport.requests.first?.timeoutInterval == 120)
    }

    @Test func aPayloadWithoutAPushIdSendsNothing() async throws {
        environment.storeInstallation(["objectId": "inst", "deviceType": "ios", "deviceToken": "deadbeef"])

        let sent = try await NCMBContext.$current.withValue(environment.context) {
            try await NCMBAnalytics.trackAppOpened(userInfo: ["aps": ["alert": "hello"]])
        }

        #expect(sent == false)
        #expect(transport.requests.isEmpty)
    }

    @Test func anUnsavedInstallationSendsNothing() async throws {
        let sent = try await NCMBContext.$current.withValue(environment.context) {
            try await NCMBAnalytics.trackAppOpened(userInfo: ["com.nifcloud.mbaas.PushId": "push_id"])
        }

        #expect(sent == false)
        #expect(transport.requests.isEmpty)
    }

    @Test func anUnknownPushFailsWithTheServersError() async throws {
        environment.storeInstallation(["objectId": "inst", "deviceType": "ios", "deviceToken": "deadbeef"])
        transport.expect(
            .pushOpened(objectId: "push_id", ["deviceType": "ios", "deviceToken": "deadbeef"]),
            reply: .json(404, PushReplies.noData))

        let error = await #expect(throws: NCMBApiError.self) {
            try await NCMBContext.$current.withValue(environment.context) {
                try await NCMBAnalytics.trackAppOpened(userInfo: ["com.nifcloud.mbaas.PushId": "push_id"])
            }
        }

        #expect(error?.errorCode == .noDataAvailable)
    }

    @Test func theNcmbSwiftFormSendsInTheBackground() async throws {
        environment.storeInstallation(["objectId": "inst", "deviceType": "ios", "deviceToken": "deadbeef"])
        transport.expect(
            .pushOpened(objectId: "push_id", ["deviceType": "ios", "deviceToken": "deadbeef"]),
            reply: .json(200, PushReplies.opened))

        environment.bound { NCMBAnalytics.trackAppOpenedWithRemoteNotificationPayload(userInfo: Self.payload) }

        for _ in 0..<200 where !transport.unmetExpectations.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(transport.unmetExpectations.isEmpty)
    }
}
