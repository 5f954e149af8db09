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
public class NCMBPush: NCMBBase, NCMBFetchable, NCMBDeletable, @unchecked Sendable {
    // @unchecked: adds no stored state; the fields stay in NCMBBase's lock box.

    /// The class name of pushes.
    static let pushClassName = ClassName.push.rawValue
    /// The names of the fields of a push (docs/wire/endpoints/push.md).
    typealias Field = StandardField.Push
    /// The values of `target`.
    static let iosTarget = "ios"
    static let androidTarget = "android"

    /// Creates a push delivered immediately to every device, as ncmb_swift does.
    public convenience init() {
        self.init(className: NCMBPush.pushClassName, collection: .push, context: .resolved)
        self[Field.immediateDeliveryFlag] = true
        self[Field.target] = [String]()
        assignSearchCondition(JSONObject())
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
        get { self[Field.deliveryTime] }
        set {
            self[Field.deliveryTime] = newValue
            self[Field.immediateDeliveryFlag] = newValue == nil
        }
    }

    /// Whether the push is delivered as soon as it is sent: `true` after ``setImmediateDelivery()``.
    public var immediateDeliveryFlag: Bool { self[Field.immediateDeliveryFlag] ?? false }

    /// Delivers the push as soon as it is sent, removing any ``deliveryTime``.
    public func setImmediateDelivery() {
        self[Field.immediateDeliveryFlag] = true
        self[Field.deliveryTime] = nil as Date?
    }

    /// The platforms to deliver to, `"ios"` and `"android"`; empty for both.
    public var target: [String]? {
        get { self[Field.target] }
        set { self[Field.target] = newValue }
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
            query.whereItems = state.withLock { $0.fields[Field.searchCondition.rawValue]?.objectValue } ?? JSONObject()
            return query
        }
        set {
            if let invalidInput = newValue?.invalidInput {
                state.withLock { $0.assign(.failure(invalidInput), to: Field.searchCondition.rawValue) }
            } else {
                assignSearchCondition(newValue?.whereItems ?? JSONObject())
            }
        }
    }

    /// Stores a `where` object as the search condition, to be sent.
    private func assignSearchCondition(_ whereItems: JSONObject) {
        state.withLock { $0.assign(.success(.object(whereItems)), to: Field.searchCondition.rawValue) }
    }

    /// The notification's body text.
    public var message: String? {
        get { self[Field.message] }
        set { self[Field.message] = newValue }
    }

    /// The notification's title.
    public var title: String? {
        get { self[Field.title] }
        set { self[Field.title] = newValue }
    }

    /// Custom values delivered with the notification, usually a `[String: Any]` dictionary.
    public var userSettingValue: Any? {
        get { self[Field.userSettingValue] }
        set { self[Field.userSettingValue] = newValue }
    }

    /// The date after which an undelivered push is dropped; setting one removes ``deliveryExpirationTime``.
    public var deliveryExpirationDate: Date? {
        get { self[Field.deliveryExpirationDate] }
        set {
            self[Field.deliveryExpirationDate] = newValue
            if newValue != nil { self[Field.deliveryExpirationTime] = nil as String? }
        }
    }

    /// How long an undelivered push is kept after its delivery time; setting one removes ``deliveryExpirationDate``.
    public var deliveryExpirationTime: NCMBExpirationTime? {
        get {
            let text: String? = self[Field.deliveryExpirationTime]
            return text.flatMap(NCMBExpirationTime.init(string:))
        }
        set {
            self[Field.deliveryExpirationTime] = newValue?.wireString
            if newValue != nil { self[Field.deliveryExpirationDate] = nil as Date? }
        }
    }
}
