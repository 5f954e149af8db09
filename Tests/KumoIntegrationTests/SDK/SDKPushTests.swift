import Foundation
import KumoStorage
import KumoTestSupport
import NCMB
import Testing

/// Pushes through the real SDK and server in process: send, fetch, query, delete, ACLs and open tracking
/// (docs/wire/endpoints/push.md). Delivery itself is tested with the server's fake APNs and FCM.
@Suite struct SDKPushTests {
    @Test func aDefaultPushIsAcceptedAsNcmbSwiftSendsIt() async throws {
        try await withSDK(settings: ApplicationSettings(clientPushEnabled: true)) { _ in
            let push = NCMBPush()
            push.message = "hello"
            try await push.send()

            let fetched = NCMBPush()
            let pushId: String = try #require(push.objectId)
            fetched.objectId = pushId
            try await fetched.fetch()
            #expect(fetched.message == "hello")
            #expect(fetched.immediateDeliveryFlag)
            #expect(fetched.target == [])
            #expect(fetched.status != nil)
            #expect(fetched.deliveryNumber != nil)
            #expect(fetched.deliveryPlanNumber != nil)
        }
    }

    @Test func aScheduledPushKeepsEveryFieldItWasSentWith() async throws {
        try await withSDK(settings: ApplicationSettings(clientPushEnabled: true)) { _ in
            let deliveryTime = Date(timeIntervalSince1970: 2_000_000_000)
            let push = NCMBPush()
            push.title = "Sale"
            push.message = "50% off"
            push.isSendToIOS = true
            var audience = NCMBInstallation.query
            audience.where(field: "channels", containedInArrayTo: ["news"])
            push.searchCondition = audience
            push.deliveryTime = deliveryTime
            push.deliveryExpirationTime = NCMBExpirationTime(volume: 3, unitType: .day)
            push.badgeIncrementFlag = true
            push.sound = "default"
            push.contentAvailable = false
            push.category = "sale"
            push.richUrl = "https://example.com/sale"
            push.userSettingValue = ["coupon": "SALE50"]
            try await push.send()

            let fetched = NCMBPush()
            fetched.objectId = push.objectId
            try await fetched.fetch()
            #expect(fetched.title == "Sale")
            #expect(fetched.message == "50% off")
            #expect(fetched.target == ["ios"])
            #expect(fetched.deliveryTime == deliveryTime)
            #expect(fetched.immediateDeliveryFlag == false)
            #expect(fetched.deliveryExpirationTime == NCMBExpirationTime(volume: 3, unitType: .day))
            #expect(fetched.badgeIncrementFlag == true)
            #expect(fetched.sound == "default")
            #expect(fetched.contentAvailable == false)
            #expect(fetched.category == "sale")
            #expect(fetched.richUrl == "https://example.com/sale")
            #expect((fetched.userSettingValue as? [String: Any])?["coupon"] as? String == "SALE50")
            let condition: [String: Any]? = fetched["searchCondition"]
            #expect((condition?["channels"] as? [String: Any])?["$inArray"] as? [String] == ["news"])
        }
    }

    @Test func pushesAreQueriedAndDeleted() async throws {
        try await withSDK(settings: ApplicationSettings(clientPushEnabled: true)) { _ in
            let first = NCMBPush()
            first.title = "first"
            try await first.send()
            let second = NCMBPush()
            second.title = "second"
            try await second.send()

            var query = NCMBPush.query
            query.where(field: "title", equalTo: "second")
            #expect(try await query.find().map(\.objectId) == [second.objectId])
            #expect(try await NCMBPush.query.count() == 2)

            let objectId = second.objectId
            try await second.delete()
            #expect(second.objectId == nil)
            let probe = NCMBPush()
            probe.objectId = objectId
            let error = await #expect(throws: NCMBApiError.self) { try await probe.fetch() }
            #expect(error?.errorCode == .noDataAvailable)
            #expect(try await NCMBPush.query.count() == 1)
        }
    }

    @Test func bothDeliveryOptionsAreRefused() async throws {
        try await withSDK(settings: ApplicationSettings(clientPushEnabled: true)) { _ in
            let push = NCMBPush()
            push.deliveryTime = Date(timeIntervalSince1970: 2_000_000_000)
            push["immediateDeliveryFlag"] = true

            let error = await #expect(throws: NCMBApiError.self) { try await push.send() }

            #expect(error?.errorCode == .correlationError)
            #expect(push.objectId == nil)
        }
    }

    @Test func anOwnerOnlyPushIsHiddenFromOtherUsers() async throws {
        try await withSDK(settings: ApplicationSettings(clientPushEnabled: true)) { _ in
            let owner = try await signUpUser("owner")
            let push = NCMBPush()
            var acl = NCMBACL.empty
            acl.put(key: try #require(owner.objectId), readable: true, writable: true)
            push.acl = acl
            try await push.send()

            _ = try await signUpUser("other")
            let probe = NCMBPush()
            probe.objectId = push.objectId
            let error = await #expect(throws: NCMBApiError.self) { try await probe.fetch() }
            #expect(error?.errorCode == .noDataAvailable)
            #expect(try await NCMBPush.query.count() == 0)
        }
    }

    @Test func openingTheAppFromAPushIsCounted() async throws {
        try await withSDK(settings: ApplicationSettings(clientPushEnabled: true)) { _ in
            let installation = NCMBInstallation.currentInstallation
            installation.setDeviceTokenFromData(data: Data([0xDE, 0xAD, 0xBE, 0xEF]))
            try await installation.save()
            let push = NCMBPush()
            push.message = "open me"
            try await push.send()
            let pushId = try #require(push.objectId)

            #expect(try await NCMBAnalytics.trackAppOpened(userInfo: ["com.nifcloud.mbaas.PushId": pushId]))
            #expect(try await NCMBAnalytics.trackAppOpened(userInfo: ["com.nifcloud.mbaas.PushId": pushId]))

            try await push.fetch()
            #expect(push["openNumber"] == 2)
        }
    }

    @Test func openTrackingOfAnUnknownPushFails() async throws {
        try await withSDK(settings: ApplicationSettings(clientPushEnabled: true)) { _ in
            let installation = NCMBInstallation.currentInstallation
            installation.deviceToken = "abc123"
            try await installation.save()

            let error = await #expect(throws: NCMBApiError.self) {
                try await NCMBAnalytics.trackAppOpened(userInfo: ["com.nifcloud.mbaas.PushId": "noSuchPush000000"])
            }

            #expect(error?.errorCode == .noDataAvailable)
        }
    }
}
