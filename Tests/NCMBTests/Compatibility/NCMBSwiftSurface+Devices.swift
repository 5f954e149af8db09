import Foundation
import NCMB

extension NCMBSwiftSurface {
    /// `NCMBFile`.
    static func files(_ file: NCMBFile) {
        let _: (String, NCMBACL?) -> NCMBFile = NCMBFile.init(fileName:acl:)
        let _: NCMBFile = NCMBFile(fileName: "Takanokun.txt")
        file.fileName = "Takanokun.txt"
        let _: String = file.fileName
        let _: String? = file.mimeType
        let _: Int? = file.fileSize
        let _: () -> NCMBResult<Data?> = file.fetch
        let _: (@escaping NCMBHandler<Data?>) -> Void = file.fetchInBackground(callback:)
        let _: (Data) -> NCMBResult<Void> = file.save(data:)
        let _: (Data, @escaping NCMBHandler<Void>) -> Void = file.saveInBackground(data:callback:)
        let _: () -> NCMBResult<Void> = file.update
        let _: (@escaping NCMBHandler<Void>) -> Void = file.updateInBackground(callback:)
        let _: () -> NCMBResult<Void> = file.delete
        let _: (@escaping NCMBHandler<Void>) -> Void = file.deleteInBackground(callback:)
    }

    /// `NCMBInstallation`.
    static func installations(_ installation: NCMBInstallation) {
        let _: () -> NCMBInstallation = NCMBInstallation.init
        let _: NCMBInstallation = NCMBInstallation.currentInstallation
        let _: String? = installation.deviceType
        installation.deviceToken = "token"
        installation.badge = 1
        installation.timeZone = "Asia/Tokyo"
        installation.channels = ["news"]
        let _: (String?, Int?, String?, [String]?) = (
            installation.deviceToken, installation.badge, installation.timeZone, installation.channels
        )
        let _: (Data) -> Void = installation.setDeviceTokenFromData(data:)
        let _: () -> NCMBResult<Void> = installation.fetch
        let _: (@escaping NCMBHandler<Void>) -> Void = installation.fetchInBackground(callback:)
        let _: () -> NCMBResult<Void> = installation.save
        let _: (@escaping NCMBHandler<Void>) -> Void = installation.saveInBackground(callback:)
        let _: () -> NCMBResult<Void> = installation.delete
        let _: (@escaping NCMBHandler<Void>) -> Void = installation.deleteInBackground(callback:)
    }

    /// `NCMBPush`, `NCMBExpirationTime`, rich push and `NCMBAnalytics`.
    static func push(_ push: NCMBPush) {
        let _: () -> NCMBPush = NCMBPush.init
        push.deliveryTime = Date(timeIntervalSince1970: 0)
        let _: Date? = push.deliveryTime
        let _: Bool = push.immediateDeliveryFlag
        push.setImmediateDelivery()
        push.target = ["ios"]
        let _: [String]? = push.target
        push.isSendToIOS = true
        push.isSendToAndroid = true
        let _: (Bool, Bool) = (push.isSendToIOS, push.isSendToAndroid)
        push.searchCondition = NCMBInstallation.query
        let _: NCMBQuery<NCMBInstallation>? = push.searchCondition
        push.message = "message"
        push.title = "title"
        push.userSettingValue = ["key": "value"]
        push.deliveryExpirationDate = Date(timeIntervalSince1970: 0)
        push.deliveryExpirationTime = NCMBExpirationTime(volume: 3, unitType: .day)
        push.action = "action"
        push.dialog = true
        push.badgeIncrementFlag = true
        push.badgeSetting = 1
        push.sound = "default"
        push.contentAvailable = true
        push.richUrl = "https://example.com/"
        push.category = "category"
        let _: (String?, String?, Any?, Date?, NCMBExpirationTime?) = (
            push.message, push.title, push.userSettingValue, push.deliveryExpirationDate, push.deliveryExpirationTime
        )
        let _: (String?, Bool?, Bool?, Int?, String?, Bool?, String?, String?) = (
            push.action, push.dialog, push.badgeIncrementFlag, push.badgeSetting, push.sound, push.contentAvailable,
            push.richUrl, push.category
        )
        var expiration = NCMBExpirationTime(volume: 1, unitType: .hour)
        expiration.volume = 2
        expiration.unitType = .day
        let _: () -> NCMBResult<Void> = push.fetch
        let _: (@escaping NCMBHandler<Void>) -> Void = push.fetchInBackground(callback:)
        let _: () -> NCMBResult<Void> = push.send
        let _: (@escaping NCMBHandler<Void>) -> Void = push.sendInBackground(callback:)
        let _: () -> NCMBResult<Void> = push.delete
        let _: (@escaping NCMBHandler<Void>) -> Void = push.deleteInBackground(callback:)
        let _: ([String: AnyObject]?, @escaping () -> Void) -> Void = NCMBPush.handleRichPush(userInfo:completion:)
        NCMBPush.handleRichPush(userInfo: nil)
        let analytics: NSObject = NCMBAnalytics()
        _ = analytics
        let _: ([String: AnyObject]) -> Void = NCMBAnalytics.trackAppOpenedWithRemoteNotificationPayload(userInfo:)
    }

    /// `NCMBScript`: a struct whose name can be changed.
    static func scripts() {
        let _: (String, NCMBHTTPMethod, String, String) -> NCMBScript = NCMBScript.init(name:method:endpoint:apiVersion:)
        var script: NCMBScript = NCMBScript(name: "myCoolScript.js", method: .get)
        script.name = "other.js"
        let copy = script
        let _: String = copy.name
        let _: ([String: String?], [String: String?], [String: Any?]) -> NCMBResult<Data?> = script.execute(headers:queries:body:)
        let _: ([String: String?], [String: String?], [String: Any?], @escaping NCMBHandler<Data?>) -> Void =
            script.executeInBackground(headers:queries:body:callback:)
    }
}
