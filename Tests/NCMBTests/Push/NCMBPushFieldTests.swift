import Foundation
import NCMB
import NCMBWire
import Testing

/// `NCMBPush` fields: ncmb_swift's defaults, delivery options, targets, search conditions and every property.
@Suite struct NCMBPushFieldTests {
    let environment = UserTestEnvironment()

    @Test func aNewPushIsImmediateToEveryDeviceAsInNcmbSwift() {
        let push = environment.makePush()

        #expect(push.immediateDeliveryFlag)
        #expect(push.deliveryTime == nil)
        #expect(push.target == [])
        #expect(push.isSendToIOS == false)
        #expect(push.isSendToAndroid == false)
        #expect((push["searchCondition"] as [String: Any]?)?.isEmpty == true)
        #expect(push.deliveryPlanNumber == nil)
    }

    @Test func settingADeliveryTimeClearsTheImmediateFlag() {
        let push = environment.makePush()
        let date = Date(timeIntervalSince1970: 1_700_000_000)

        push.deliveryTime = date

        #expect(push.deliveryTime == date)
        #expect(push.immediateDeliveryFlag == false)
        #expect(push["immediateDeliveryFlag"] == false)
    }

    @Test func setImmediateDeliveryRemovesTheDeliveryTime() {
        let push = environment.makePush()
        push.deliveryTime = Date(timeIntervalSince1970: 1_700_000_000)

        push.setImmediateDelivery()

        #expect(push.deliveryTime == nil)
        #expect(push.immediateDeliveryFlag)
    }

    @Test func clearingTheDeliveryTimeMakesThePushImmediate() {
        let push = environment.makePush()
        push.deliveryTime = Date(timeIntervalSince1970: 1_700_000_000)

        push.deliveryTime = nil

        #expect(push.immediateDeliveryFlag)
    }

    @Test func platformSwitchesWriteTheTargetIOSFirst() {
        let push = environment.makePush()

        push.isSendToAndroid = true
        push.isSendToIOS = true

        #expect(push.target == ["ios", "android"])
        push.isSendToAndroid = false
        #expect(push.target == ["ios"])
        #expect(push.isSendToIOS)
        #expect(push.isSendToAndroid == false)
    }

    @Test func anExpirationDateAndAnExpirationTimeReplaceEachOther() {
        let push = environment.makePush()
        let date = Date(timeIntervalSince1970: 1_700_000_000)

        push.deliveryExpirationTime = NCMBExpirationTime(volume: 3, unitType: .day)
        #expect(push["deliveryExpirationTime"] == "3 day")
        push.deliveryExpirationDate = date
        #expect(push.deliveryExpirationTime == nil)
        #expect(push.deliveryExpirationDate == date)
        push.deliveryExpirationTime = NCMBExpirationTime(volume: 12, unitType: .hour)
        #expect(push.deliveryExpirationDate == nil)
        #expect(push.deliveryExpirationTime == NCMBExpirationTime(volume: 12, unitType: .hour))
    }

    @Test func everyMessageFieldReadsWhatWasWritten() {
        let push = environment.makePush()

        push.title = "t"
        push.message = "m"
        push.action = "ReceiveActivity"
        push.dialog = true
        push.badgeIncrementFlag = false
        push.badgeSetting = 5
        push.sound = "default"
        push.contentAvailable = true
        push.richUrl = "https://example.com/rich"
        push.category = "news"
        push.userSettingValue = ["key": "value"]

        #expect(push.title == "t")
        #expect(push.message == "m")
        #expect(push.action == "ReceiveActivity")
        #expect(push.dialog == true)
        #expect(push.badgeIncrementFlag == false)
        #expect(push.badgeSetting == 5)
        #expect(push.sound == "default")
        #expect(push.contentAvailable == true)
        #expect(push.richUrl == "https://example.com/rich")
        #expect(push.category == "news")
        #expect((push.userSettingValue as? [String: Any])?["key"] as? String == "value")
    }

    @Test func theSearchConditionKeepsTheQuerysConditions() {
        let push = environment.makePush()
        var query = environment.bound { NCMBInstallation.query }
        query.where(field: "channels", containedInArrayTo: ["news"])

        push.searchCondition = query

        let stored: [String: Any]? = push["searchCondition"]
        #expect((stored?["channels"] as? [String: Any])?["$inArray"] as? [String] == ["news"])
    }

    @Test func clearingTheSearchConditionStoresAnEmptyCondition() {
        let push = environment.makePush()
        var query = environment.bound { NCMBInstallation.query }
        query.where(field: "badge", greaterThan: 1)
        push.searchCondition = query

        push.searchCondition = nil

        let stored: [String: Any]? = push["searchCondition"]
        #expect(stored?.isEmpty == true)
    }
}
