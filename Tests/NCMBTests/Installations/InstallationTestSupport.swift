import Foundation
import NCMB
import NCMBWire

/// Canned responses of the installation endpoints (docs/wire/endpoints/installations.md#fixtures).
enum InstallationReplies {
    /// F71: a registration.
    static let created = #"{"objectId":"7FrmPTBKSNtVjajm","createDate":"2015-09-29T01:44:13.524Z"}"#
    /// F75: an update.
    static let updated = #"{"updateDate":"2015-06-11T08:33:23.330Z"}"#
    /// F73: a read.
    static let fetched =
        #"{"objectId":"7FrmPTBKSNtVjajm","createDate":"2015-09-29T01:44:13.524Z","updateDate":"2015-10-01T08:31:50.956Z","acl":{},"sdkVersion":"4.2.0","timeZone":"Asia/Tokyo","deviceType":"android","badge":0,"applicationName":"ncmb-core","appVersion":"1.0","deviceToken":"abc","channels":["Ch1"],"key":"value","pushType":"fcm"}"#
    static let duplicate = #"{"code":"E409001","error":"deviceToken is duplication."}"#
    static let noData = #"{"code":"E404001","error":"No data available."}"#
}

extension UserTestEnvironment {
    /// A new installation of this environment's context, with `deviceToken` and `objectId` when given.
    func makeInstallation(deviceToken: String? = nil, objectId: String? = nil) -> NCMBInstallation {
        let installation = bound { NCMBInstallation() }
        if let deviceToken { installation.deviceToken = deviceToken }
        installation.objectId = objectId
        return installation
    }

    /// The persisted installation, as JSON; `nil` when nothing is stored.
    var storedInstallation: JSONObject? {
        guard let data = store.load(.currentInstallation) else { return nil }
        return (try? JSONValue(parsing: Array(data)))?.objectValue
    }
}

/// The fields a new installation sends, in the order it sets them, followed by `extra`.
func defaultInstallationFields(_ extra: JSONObject = [:]) -> JSONObject {
    var fields: JSONObject = [
        "deviceType": "ios", "applicationName": .string(NCMBInstallation.defaultApplicationName),
        "appVersion": .string(NCMBInstallation.defaultAppVersion), "timeZone": .string(NCMBInstallation.defaultTimeZone),
        "sdkVersion": "1.4.2", "channels": [],
    ]
    for (key, value) in extra { fields[key] = value }
    return fields
}
