public import Foundation
internal import NCMBWire

/// A push notification: its message, its audience and when to deliver it; send, fetch and delete it.
///
/// ```swift
/// let push = NCMBPush()
/// push.title = "Sale"
/// push.message = "50% off today"
/// push.isSendToIOS = true
/// var audience = NCMBInstallation.query
/// audience.where(field: "channels", containedInArrayTo: ["news"])
/// push.searchCondition = audience
/// push.deliveryTime = Date().addingTimeInterval(3600)   // or push.setImmediateDelivery()
/// try await push.send()
/// ```
///
/// A new push is delivered immediately to every device (`immediateDeliveryFlag` true, empty `target` and
/// `searchCondition`), as in ncmb_swift. Pushes live in the standard class `push` (`/push`). After a fetch,
/// ``deliveryPlanNumber``, ``deliveryNumber``, ``status`` and ``error`` tell how the delivery went.
///
/// Every operation has three forms: `async throws`, a blocking form returning ``NCMBResult`` and an
/// `…InBackground(callback:)` form, as in ncmb_swift.
public class NCMBPush: NCMBBase, @unchecked Sendable {
    // @unchecked: adds no stored state; the fields stay in NCMBBase's lock box.

    /// The class name of pushes.
    static let pushClassName = "push"
    /// The fields of a push (wire spec §5.7).
    static let deliveryTimeField = StandardField.Push.deliveryTime.rawValue
    static let immediateDeliveryFlagField = StandardField.Push.immediateDeliveryFlag.rawValue
    static let targetField = StandardField.Push.target.rawValue
    static let searchConditionField = StandardField.Push.searchCondition.rawValue
    static let messageField = StandardField.Push.message.rawValue
    static let userSettingValueField = StandardField.Push.userSettingValue.rawValue
    static let deliveryExpirationDateField = StandardField.Push.deliveryExpirationDate.rawValue
    static let deliveryExpirationTimeField = StandardField.Push.deliveryExpirationTime.rawValue
    static let actionField = StandardField.Push.action.rawValue
    static let titleField = StandardField.Push.title.rawValue
    static let dialogField = StandardField.Push.dialog.rawValue
    static let badgeIncrementFlagField = StandardField.Push.badgeIncrementFlag.rawValue
    static let badgeSettingField = StandardField.Push.badgeSetting.rawValue
    static let soundField = StandardField.Push.sound.rawValue
    static let contentAvailableField = StandardField.Push.contentAvailable.rawValue
    static let richUrlField = StandardField.Push.richUrl.rawValue
    static let categoryField = StandardField.Push.category.rawValue
    static let deliveryPlanNumberField = StandardField.Push.deliveryPlanNumber.rawValue
    static let deliveryNumberField = StandardField.Push.deliveryNumber.rawValue
    static let statusField = StandardField.Push.status.rawValue
    static let errorField = "error"
    /// The values of `target`.
    static let iosTarget = "ios"
    static let androidTarget = "android"

    /// Creates a push delivered immediately to every device, as ncmb_swift does.
    public init() {
        super.init(className: NCMBPush.pushClassName, collection: .push, context: .resolved)
        self[NCMBPush.immediateDeliveryFlagField] = true
        self[NCMBPush.targetField] = [String]()
        assignSearchCondition(JSONObject())
    }

    /// Creates a push from the fields the server returned.
    required init(className: String, collection: NCMBCollection, fields: JSONObject, context: NCMBContext) {
        super.init(className: className, collection: collection, fields: fields, context: context)
    }

    /// A query over the pushes of the application.
    public class var query: NCMBQuery<NCMBPush> {
        NCMBQuery<NCMBPush>(className: NCMBPush.pushClassName, collection: .push, context: .resolved)
    }

    /// When to deliver the push; `nil` for an immediate delivery.
    ///
    /// Setting a date also sets ``immediateDeliveryFlag`` to `false`; setting `nil` removes the date and sets it to
    /// `true`, as in ncmb_swift.
    public var deliveryTime: Date? {
        get { self[NCMBPush.deliveryTimeField] }
        set {
            self[NCMBPush.deliveryTimeField] = newValue
            self[NCMBPush.immediateDeliveryFlagField] = newValue == nil
        }
    }

    /// Whether the push is delivered as soon as it is sent: `true` after ``setImmediateDelivery()``.
    public var immediateDeliveryFlag: Bool { self[NCMBPush.immediateDeliveryFlagField] ?? false }

    /// Delivers the push as soon as it is sent, removing any ``deliveryTime``.
    public func setImmediateDelivery() {
        self[NCMBPush.immediateDeliveryFlagField] = true
        self[NCMBPush.deliveryTimeField] = nil as Date?
    }

    /// The platforms to deliver to, `"ios"` and `"android"`; empty for both.
    public var target: [String]? {
        get { self[NCMBPush.targetField] }
        set { self[NCMBPush.targetField] = newValue }
    }

    /// Whether ``target`` includes iOS devices.
    public var isSendToIOS: Bool {
        get { target?.contains(NCMBPush.iosTarget) ?? false }
        set { setTarget(ios: newValue, android: isSendToAndroid) }
    }

    /// Whether ``target`` includes Android devices.
    public var isSendToAndroid: Bool {
        get { target?.contains(NCMBPush.androidTarget) ?? false }
        set { setTarget(ios: isSendToIOS, android: newValue) }
    }

    /// Sets ``target`` to the chosen platforms, iOS first, as ncmb_swift writes it.
    private func setTarget(ios: Bool, android: Bool) {
        var platforms: [String] = []
        if ios { platforms.append(NCMBPush.iosTarget) }
        if android { platforms.append(NCMBPush.androidTarget) }
        target = platforms
    }

    /// The installations to deliver to: the conditions of a query over ``NCMBInstallation``.
    ///
    /// Reading gives a query with the stored conditions (none when unset); setting `nil` clears them, so the push goes
    /// to every device of ``target``. Only the query's conditions are sent, not its order or paging.
    ///
    /// - Note: An invalid condition in the query makes the next ``send()`` fail with its error, before any request.
    public var searchCondition: NCMBQuery<NCMBInstallation>? {
        get {
            var query = NCMBQuery<NCMBInstallation>(
                className: NCMBInstallation.installationClassName, collection: .installations, context: context)
            query.whereItems = state.withLock { $0.fields[NCMBPush.searchConditionField]?.objectValue } ?? JSONObject()
            return query
        }
        set {
            if let invalidInput = newValue?.invalidInput {
                state.withLock { $0.assign(.failure(invalidInput), to: NCMBPush.searchConditionField) }
            } else {
                assignSearchCondition(newValue?.whereItems ?? JSONObject())
            }
        }
    }

    /// Stores a `where` object as the search condition, to be sent.
    private func assignSearchCondition(_ whereItems: JSONObject) {
        state.withLock { $0.assign(.success(.object(whereItems)), to: NCMBPush.searchConditionField) }
    }

    /// The notification's body text.
    public var message: String? {
        get { self[NCMBPush.messageField] }
        set { self[NCMBPush.messageField] = newValue }
    }

    /// The notification's title.
    public var title: String? {
        get { self[NCMBPush.titleField] }
        set { self[NCMBPush.titleField] = newValue }
    }

    /// Custom values delivered with the notification, usually a `[String: Any]` dictionary.
    public var userSettingValue: Any? {
        get { self[NCMBPush.userSettingValueField] }
        set { self[NCMBPush.userSettingValueField] = newValue }
    }

    /// The date after which an undelivered push is dropped; setting one removes ``deliveryExpirationTime``.
    public var deliveryExpirationDate: Date? {
        get { self[NCMBPush.deliveryExpirationDateField] }
        set {
            self[NCMBPush.deliveryExpirationDateField] = newValue
            if newValue != nil { self[NCMBPush.deliveryExpirationTimeField] = nil as String? }
        }
    }

    /// How long an undelivered push is kept after its delivery time; setting one removes ``deliveryExpirationDate``.
    public var deliveryExpirationTime: NCMBExpirationTime? {
        get {
            let text: String? = self[NCMBPush.deliveryExpirationTimeField]
            return text.flatMap(NCMBExpirationTime.init(string:))
        }
        set {
            self[NCMBPush.deliveryExpirationTimeField] = newValue?.wireString
            if newValue != nil { self[NCMBPush.deliveryExpirationDateField] = nil as Date? }
        }
    }
}
