import Foundation
import NCMB
import NCMBWire
import Testing

/// `NCMBPush` requests: send, fetch, delete and query (docs/wire/endpoints/push.md, F76–F79).
@Suite struct NCMBPushTests {
    let environment = UserTestEnvironment()
    var transport: RecordingTransport { environment.transport }

    @Test(arguments: CallForm.allCases)
    func sendRegistersThePushWithTheBodyOfF76(form: CallForm) async throws {
        let push = environment.makePush()
        push.isSendToAndroid = true
        var audience = environment.bound { NCMBInstallation.query }
        audience.where(field: "score", greaterThan: 80)
        push.searchCondition = audience
        push.title = "t"
        push.message = "m"
        transport.expect(
            .objects(
                .push,
                .create([
                    "immediateDeliveryFlag": true, "target": ["android"], "searchCondition": ["score": ["$gt": 80]],
                    "title": "t", "message": "m",
                ])), reply: .json(201, PushReplies.created))

        let result = await environment.run(
            form, async: { try await push.send() }, blocking: { push.send() }, callback: { push.sendInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(
            transport.body(at: 0)
                == #"{"immediateDeliveryFlag":true,"target":["android"],"searchCondition":{"score":{"$gt":80}},"title":"t","message":"m"}"#)
        #expect(transport.requests.first?.url.path == "/2013-09-01/push")
        #expect(push.objectId == "push_id")
    }

    @Test func aScheduledPushSendsItsDeliveryTimeWithTheFlagFalse() async throws {
        let push = environment.makePush()
        push.deliveryTime = Date(timeIntervalSince1970: 1_700_000_000)
        push.deliveryExpirationTime = NCMBExpirationTime(volume: 2, unitType: .hour)
        transport.expect(
            .objects(
                .push,
                .create([
                    "immediateDeliveryFlag": false, "target": [], "searchCondition": [:],
                    "deliveryTime": ["__type": "Date", "iso": "2023-11-14T22:13:20.000Z"], "deliveryExpirationTime": "2 hour",
                ])), reply: .json(201, PushReplies.created))

        try await push.send()

        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test func everyIOSFieldAndTheACLAreSent() async throws {
        let push = environment.makePush()
        push.badgeIncrementFlag = true
        push.badgeSetting = 3
        push.sound = "default"
        push.contentAvailable = true
        push.category = "news"
        push.richUrl = "https://example.com/"
        push.userSettingValue = ["coupon": 10]
        push.acl = .default
        transport.expect(
            .objects(
                .push,
                .create([
                    "immediateDeliveryFlag": true, "target": [], "searchCondition": [:], "badgeIncrementFlag": true,
                    "badgeSetting": 3, "sound": "default", "contentAvailable": true, "category": "news",
                    "richUrl": "https://example.com/", "userSettingValue": ["coupon": 10],
                    "acl": ["*": ["read": true, "write": true]],
                ])), reply: .json(201, PushReplies.created))

        try await push.send()

        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test func aSavedPushSendsOnlyItsChanges() async throws {
        let push = environment.makePush()
        transport.expect(
            .objects(.push, .create(["immediateDeliveryFlag": true, "target": [], "searchCondition": [:]])),
            reply: .json(201, PushReplies.created))
        try await push.send()
        push.message = "changed"
        transport.expect(
            .objects(.push, .update(objectId: "push_id", ["message": "changed"])), reply: .json(200, PushReplies.updated))

        try await push.send()

        #expect(transport.unmetExpectations.isEmpty)
        #expect(push["updateDate"] == "2015-04-16T00:00:00.000Z")
    }

    @Test func aDeliveryTimeClearedBeforeTheFirstSendIsNeverSent() async throws {
        let push = environment.makePush()
        push.deliveryTime = Date(timeIntervalSince1970: 1_700_000_000)
        push.deliveryTime = nil
        transport.expect(
            .objects(.push, .create(["immediateDeliveryFlag": true, "target": [], "searchCondition": [:]])),
            reply: .json(201, PushReplies.created))
        try await push.send()
        push.title = "later"
        transport.expect(.objects(.push, .update(objectId: "push_id", ["title": "later"])), reply: .json(200, PushReplies.updated))

        try await push.send()

        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test func anInvalidSearchConditionFailsBeforeAnyRequest() async throws {
        let push = environment.makePush()
        var audience = environment.bound { NCMBInstallation.query }
        audience.where(field: "not a field", equalTo: 1)
        push.searchCondition = audience

        await #expect(throws: NCMBInvalidRequestError.invalidFieldName) { try await push.send() }

        #expect(transport.requests.isEmpty)
    }

    @Test func theServersDeliveryOptionErrorIsThrown() async throws {
        let push = environment.makePush()
        transport.expect(
            .objects(.push, .create(["immediateDeliveryFlag": true, "target": [], "searchCondition": [:]])),
            reply: .json(400, PushReplies.both))

        let error = await #expect(throws: NCMBApiError.self) { try await push.send() }

        #expect(error?.errorCode == .correlationError)
    }

    @Test(arguments: CallForm.allCases)
    func fetchReadsEveryFieldAndTheDeliveryResults(form: CallForm) async throws {
        let push = environment.makePush(objectId: "push_id")
        transport.expect(.objects(.push, .get(objectId: "push_id")), reply: .json(200, PushReplies.fetched))

        let result = await environment.run(
            form, async: { try await push.fetch() }, blocking: { push.fetch() }, callback: { push.fetchInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(push.deliveryTime == Date(timeIntervalSince1970: 1_376_402_402.801))
        #expect(push.target == ["ios"])
        #expect(push.isSendToIOS)
        #expect(push.message == "m")
        #expect(push.title == "t")
        #expect(push.deliveryExpirationTime == NCMBExpirationTime(volume: 3, unitType: .day))
        #expect(push.deliveryExpirationDate == nil)
        #expect(push.deliveryPlanNumber == 2)
        #expect(push.deliveryNumber == 1)
        #expect(push.status == 3)
        #expect((push.error as? [String: Any])?["reason"] as? String == "BadDeviceToken")
        #expect(push.badgeIncrementFlag == true)
        #expect(push.sound == "default")
        #expect(push.category == "news")
        #expect(push.action == nil)
        #expect(push.acl == .default)
        let condition: [String: Any]? = push["searchCondition"]
        #expect((condition?["channels"] as? [String: Any])?["$inArray"] as? [String] == ["news"])
    }

    @Test func aNullErrorReadsAsNil() async throws {
        let push = environment.makePush(objectId: "push_id")
        transport.expect(
            .objects(.push, .get(objectId: "push_id")), reply: .json(200, #"{"objectId":"push_id","status":0,"error":null}"#))

        try await push.fetch()

        #expect(push.error == nil)
        #expect(push.status == 0)
    }

    @Test func fetchWithoutAnObjectIdFailsWithoutARequest() async throws {
        let push = environment.makePush()

        await #expect(throws: NCMBInvalidRequestError.emptyObjectId) { try await push.fetch() }

        #expect(transport.requests.isEmpty)
    }

    @Test func fetchOfAnUnreadablePushFailsWithE404001() async throws {
        let push = environment.makePush(objectId: "push_id")
        transport.expect(.objects(.push, .get(objectId: "push_id")), reply: .json(404, PushReplies.noData))

        let error = await #expect(throws: NCMBApiError.self) { try await push.fetch() }

        #expect(error?.errorCode == .noDataAvailable)
    }

    @Test(arguments: CallForm.allCases)
    func deleteRemovesThePushAndClearsItsFields(form: CallForm) async throws {
        let push = environment.makePush(objectId: "push_id")
        push.title = "t"
        transport.expect(.objects(.push, .delete(objectId: "push_id")), reply: .empty(200))

        let result = await environment.run(
            form, async: { try await push.delete() }, blocking: { push.delete() },
            callback: { push.deleteInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(push.objectId == nil)
        #expect(push.title == nil)
    }

    @Test func theQueryFindsPushes() async throws {
        var query = environment.bound { NCMBPush.query }
        query.where(field: "status", equalTo: 0)
        transport.expect(.objects(.push, .find(try .matching(["status": 0]))), reply: .json(200, "{\"results\":[\(PushReplies.fetched)]}"))

        let pushes = try await query.find()

        #expect(pushes.map(\.objectId) == ["push_id"])
        #expect(pushes.first?.deliveryNumber == 1)
    }
}
