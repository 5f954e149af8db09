import Foundation
import NCMB
import NCMBWire

/// Canned responses of the push endpoints (docs/wire/endpoints/push.md#fixtures).
enum PushReplies {
    /// F76/F77: a registration.
    static let created = #"{"createDate":"2015-04-15T04:57:36.432Z","objectId":"push_id"}"#
    static let updated = #"{"updateDate":"2015-04-16T00:00:00.000Z"}"#
    /// A read in the shape of F78, after a delivery with one failed device.
    static let fetched =
        #"{"objectId":"push_id","deliveryTime":{"__type":"Date","iso":"2013-08-13T14:00:02.801Z"},"target":["ios"],"searchCondition":{"channels":{"$inArray":["news"]}},"message":"m","userSettingValue":{"key":"value"},"deliveryExpirationDate":null,"deliveryExpirationTime":"3 day","deliveryPlanNumber":2,"deliveryNumber":1,"status":3,"error":{"reason":"BadDeviceToken"},"action":null,"badgeIncrementFlag":true,"badgeSetting":null,"sound":"default","contentAvailable":false,"richUrl":null,"dialog":null,"category":"news","title":"t","createDate":"2013-08-13T14:00:02.805Z","updateDate":"2013-08-13T14:00:02.921Z","acl":{"*":{"read":true,"write":true}}}"#
    /// F80: an open recorded.
    static let opened = #"{"updateDate":"2015-04-16T00:00:00.000Z"}"#
    static let both = #"{"code":"E400008","error":"Either deliveryTime or immediateDeliveryFlag."}"#
    static let noData = #"{"code":"E404001","error":"No data available."}"#
}

extension UserTestEnvironment {
    /// A new push of this environment's context, with `objectId` when given.
    func makePush(objectId: String? = nil) -> NCMBPush {
        let push = bound { NCMBPush() }
        push.objectId = objectId
        return push
    }

    /// Stores `fields` as this device's saved installation.
    func storeInstallation(_ fields: JSONObject) {
        store.save(Data(JSONValue.object(fields).serializedBytes()), as: .currentInstallation)
    }
}
