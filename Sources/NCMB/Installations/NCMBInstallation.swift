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
public class NCMBInstallation: NCMBBase, @unchecked Sendable {
    // @unchecked: adds no stored state; the fields stay in NCMBBase's lock box.

    /// The class name of installations.
    static let installationClassName = "installation"
    /// The fields an installation has besides custom ones.
    static let deviceTypeField = StandardField.Installation.deviceType.rawValue
    static let deviceTokenField = StandardField.Installation.deviceToken.rawValue
    static let applicationNameField = StandardField.Installation.applicationName.rawValue
    static let appVersionField = StandardField.Installation.appVersion.rawValue
    static let timeZoneField = StandardField.Installation.timeZone.rawValue
    static let sdkVersionField = StandardField.Installation.sdkVersion.rawValue
    static let badgeField = StandardField.Installation.badge.rawValue
    static let channelsField = StandardField.Installation.channels.rawValue

    /// Creates an installation of this device with the default fields, to register it.
    public convenience init() {
        self.init(context: .resolved)
    }

    /// Creates an installation with the default fields, bound to `context`.
    init(context: NCMBContext) {
        super.init(className: NCMBInstallation.installationClassName, collection: .installations, context: context)
        self[NCMBInstallation.deviceTypeField] = NCMB.DEVICE_TYPE
        self[NCMBInstallation.applicationNameField] = NCMBInstallation.defaultApplicationName
        self[NCMBInstallation.appVersionField] = NCMBInstallation.defaultAppVersion
        self[NCMBInstallation.timeZoneField] = NCMBInstallation.defaultTimeZone
        self[NCMBInstallation.sdkVersionField] = NCMB.SDK_VERSION
        self[NCMBInstallation.channelsField] = [String]()
    }

    /// Creates an installation from the fields the server returned or the local store kept.
    required init(className: String, collection: NCMBCollection, fields: JSONObject, context: NCMBContext) {
        super.init(className: className, collection: collection, fields: fields, context: context)
    }

    /// The platform: `ios` for installations created by this SDK.
    public var deviceType: String? { self[NCMBInstallation.deviceTypeField] }

    /// The push token of the device (for APNs, the lowercase hex of the token bytes).
    public var deviceToken: String? {
        get { self[NCMBInstallation.deviceTokenField] }
        set { self[NCMBInstallation.deviceTokenField] = newValue }
    }

    /// The badge number of the app icon.
    public var badge: Int? {
        get { self[NCMBInstallation.badgeField] }
        set { self[NCMBInstallation.badgeField] = newValue }
    }

    /// The device's time zone identifier, e.g. `Asia/Tokyo`.
    public var timeZone: String? {
        get { self[NCMBInstallation.timeZoneField] }
        set { self[NCMBInstallation.timeZoneField] = newValue }
    }

    /// The channels the device subscribes to; a push can target channels.
    public var channels: [String]? {
        get { self[NCMBInstallation.channelsField] }
        set { self[NCMBInstallation.channelsField] = newValue }
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

    /// Fetches the installation with this ``objectId``, replacing every field.
    ///
    /// - Returns: `.success` once the fields are replaced, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await fetch()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await fetch()` in async code.")
    public func fetch() -> NCMBResult<Void> { SynchronousCall.run { try await self.fetch() } }

    /// Fetches the installation with this ``objectId`` in the background, as `fetch()` does.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func fetchInBackground(callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.fetch() }
    }

    /// Saves the installation: registers it when it has no ``objectId``, otherwise sends the changed fields; then
    /// persists it as this device's installation.
    ///
    /// - Returns: `.success` once saved, or `.failure` with the error (E409001 for a `deviceToken` already registered).
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await save()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await save()` in async code.")
    public func save() -> NCMBResult<Void> { SynchronousCall.run { try await self.save() } }

    /// Saves the installation in the background, as `save()` does.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func saveInBackground(callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.save() }
    }

    /// Deletes the installation with this ``objectId``, clears every field and removes the persisted installation.
    ///
    /// - Returns: `.success` once deleted, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await delete()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await delete()` in async code.")
    public func delete() -> NCMBResult<Void> { SynchronousCall.run { try await self.delete() } }

    /// Deletes the installation in the background, as `delete()` does.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func deleteInBackground(callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.delete() }
    }
}
