public import Foundation
internal import NCMBWire

/// A device registered for push notifications: its token, platform, channels and badge.
///
/// ```swift
/// let installation = NCMBInstallation.currentInstallation
/// installation.setDeviceTokenFromData(data: deviceToken)   // from didRegisterForRemoteNotificationsWithDeviceToken
/// installation.channels = ["news"]
/// try await installation.save()
/// ```
///
/// Installations live in the standard class `installation` (`/installations`); a `deviceToken` is unique in the
/// application. A new installation carries `deviceType` `ios`, the app's `CFBundleName` and `CFBundleVersion` as
/// `applicationName` and `appVersion`, the device's time zone, the SDK version and no channels, as in ncmb_swift.
///
/// The installation of this device is persisted: every successful save stores it, a delete removes it, and
/// ``currentInstallation`` restores it. As in ncmb_swift, a save of any installation stores it as this device's.
///
/// Every operation has three forms: `async throws`, a blocking form returning ``NCMBResult`` and an
/// `…InBackground(callback:)` form, as in ncmb_swift.
public class NCMBInstallation: NCMBBase, NCMBFetchable, NCMBSavable, NCMBDeletable, @unchecked Sendable {
    // @unchecked: adds no stored state; the fields stay in NCMBBase's lock box.

    /// The class name of installations.
    static let installationClassName = ClassName.installation.rawValue
    /// The names of the fields an installation has besides custom ones.
    typealias Field = StandardField.Installation

    /// Creates an installation of this device with the default fields, to register it.
    public convenience init() {
        self.init(context: .resolved)
    }

    /// Creates an installation with the default fields, bound to `context`.
    convenience init(context: NCMBContext) {
        self.init(className: NCMBInstallation.installationClassName, collection: .installations, context: context)
        self[Field.deviceType] = NCMB.DEVICE_TYPE
        self[Field.applicationName] = NCMBInstallation.defaultApplicationName
        self[Field.appVersion] = NCMBInstallation.defaultAppVersion
        self[Field.timeZone] = NCMBInstallation.defaultTimeZone
        self[Field.sdkVersion] = NCMB.SDK_VERSION
        self[Field.channels] = [String]()
    }

    /// The platform: `ios` for installations created by this SDK.
    public var deviceType: String? { self[Field.deviceType] }

    /// The push token of the device (for APNs, the lowercase hex of the token bytes).
    public var deviceToken: String? {
        get { self[Field.deviceToken] }
        set { self[Field.deviceToken] = newValue }
    }

    /// The badge number of the app icon.
    public var badge: Int? {
        get { self[Field.badge] }
        set { self[Field.badge] = newValue }
    }

    /// The device's time zone identifier, e.g. `Asia/Tokyo`.
    public var timeZone: String? {
        get { self[Field.timeZone] }
        set { self[Field.timeZone] = newValue }
    }

    /// The channels the device subscribes to; a push can target channels.
    public var channels: [String]? {
        get { self[Field.channels] }
        set { self[Field.channels] = newValue }
    }

    /// A query over the installations of the application.
    public class var query: NCMBQuery<NCMBInstallation> {
        NCMBQuery<NCMBInstallation>(
            className: NCMBInstallation.installationClassName, collection: .installations, context: .resolved)
    }

    /// The installation of this device: the one persisted by the last save, with `sdkVersion` and `appVersion` brought
    /// up to date (and sent by the next save); a new installation when none was saved.
    ///
    /// Each read returns a new object, as in ncmb_swift: keep it in a variable while you change it.
    public class var currentInstallation: NCMBInstallation {
        let context = NCMBContext.resolved
        guard let installation = restored(in: context) else { return NCMBInstallation(context: context) }
        installation.refreshVersions()
        installation.persist()
        return installation
    }

    /// Sets ``deviceToken`` from the token APNs gave the app: the lowercase hex of its bytes.
    ///
    /// - Parameter data: The `deviceToken` of `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`.
    public func setDeviceTokenFromData(data: Data) {
        let digits = Array("0123456789abcdef")
        var token = ""
        token.reserveCapacity(data.count * 2)
        for byte in data {
            token.append(digits[Int(byte >> 4)])
            token.append(digits[Int(byte & 0x0F)])
        }
        deviceToken = token
    }
}
