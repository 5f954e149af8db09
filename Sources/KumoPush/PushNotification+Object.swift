import KumoSeams
package import NCMBWire

/// Reading a push (class `push`, docs/wire/endpoints/push.md), as ``PushRequest`` parsed it, into what the platform
/// clients send.
extension PushNotification {
    /// Builds the notification from the push's fields: `title`, `message`, `userSettingValue`, `richUrl`, `category`,
    /// `badgeIncrementFlag`, `badgeSetting`, `sound`, `contentAvailable`, `action`, `dialog`, and its expiry
    /// (`deliveryExpirationDate` or `deliveryExpirationTime`).
    ///
    /// - Parameters:
    ///   - push: the push, parsed.
    ///   - pushId: its objectId.
    ///   - createDate: its creation date, from which the expiry of an immediate push counts.
    package init(_ push: PushRequest, pushId: String, createDate: WireDate) {
        typealias Field = StandardField.Push
        let values = push.values
        self.init(
            pushId: pushId, title: values[Field.title]?.stringValue, message: values[Field.message]?.stringValue,
            userSettingValue: values[Field.userSettingValue], richURL: values[Field.richUrl]?.stringValue,
            category: values[Field.category]?.stringValue, badgeIncrement: values[Field.badgeIncrementFlag]?.boolValue ?? false,
            badgeSetting: values[Field.badgeSetting]?.integerValue.flatMap { Int(exactly: $0) }, sound: values[Field.sound]?.stringValue,
            contentAvailable: values[Field.contentAvailable]?.boolValue ?? false, action: values[Field.action]?.stringValue,
            dialog: values[Field.dialog]?.boolValue ?? false, expiresAt: push.expirationDate(createDate: createDate))
    }
}
