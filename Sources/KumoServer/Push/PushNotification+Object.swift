package import KumoStorage
package import NCMBWire

/// Reading a stored push object (class `push`, wire spec §5.7) into what the platform clients send.
extension PushNotification {
    /// Builds the notification from the push's fields: `title`, `message`, `userSettingValue`, `richUrl`, `category`,
    /// `badgeIncrementFlag`, `badgeSetting`, `sound`, `contentAvailable`, `action`, `dialog`, and its expiry
    /// (`deliveryExpirationDate` or `deliveryExpirationTime`). Fields of the wrong kind are ignored.
    package init(pushObject push: StoredObject) {
        let fields = push.fields
        let badge: Int? = fields["badgeSetting"]?.integerValue.flatMap { Int(exactly: $0) }
        let userSettingValue: JSONValue? =
            switch fields["userSettingValue"] {
            case nil, .null?: nil
            case let value?: value
            }
        self.init(
            pushId: push.objectId, title: fields["title"]?.stringValue, message: fields["message"]?.stringValue,
            userSettingValue: userSettingValue, richURL: fields["richUrl"]?.stringValue,
            category: fields["category"]?.stringValue, badgeIncrement: fields["badgeIncrementFlag"]?.boolValue ?? false,
            badgeSetting: badge, sound: fields["sound"]?.stringValue,
            contentAvailable: fields["contentAvailable"]?.boolValue ?? false, action: fields["action"]?.stringValue,
            dialog: fields["dialog"]?.boolValue ?? false, expiresAt: PushNotification.expirationDate(of: push))
    }

    /// When the push stops being worth delivering, or `nil` for never: `deliveryExpirationDate`, else
    /// `deliveryExpirationTime` (`"N hour"` or `"N day"`, plural accepted) counted from `deliveryTime`, or from
    /// `createDate` for an immediate push.
    package static func expirationDate(of push: StoredObject) -> WireDate? {
        if let date = wireDate(push.fields["deliveryExpirationDate"]) { return date }
        guard let text = push.fields["deliveryExpirationTime"]?.stringValue, let duration = milliseconds(ofExpirationTime: text)
        else { return nil }
        let start = wireDate(push.fields["deliveryTime"]) ?? push.createDate
        return WireDate(millisecondsSince1970: start.millisecondsSince1970 + duration)
    }

    /// When the push is to be sent: `deliveryTime`, or `createDate` for an immediate push.
    package static func deliveryDate(of push: StoredObject) -> WireDate {
        wireDate(push.fields["deliveryTime"]) ?? push.createDate
    }

    /// The length of a `deliveryExpirationTime` (`"3 hour"`, `"1 day"`) in milliseconds, or `nil` when unreadable.
    package static func milliseconds(ofExpirationTime text: String) -> Int64? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 2, let count = Int64(words[0]), count > 0, count <= 366 else { return nil }
        let hour: Int64 = 3_600_000
        switch words[1].lowercased() {
        case "hour", "hours": return count * hour
        case "day", "days": return count * 24 * hour
        default: return nil
        }
    }

    /// The date of a `{"__type":"Date","iso":…}` value, or `nil`.
    static func wireDate(_ value: JSONValue?) -> WireDate? {
        guard let value, case .date(let date) = TypedValue(value) else { return nil }
        return date
    }
}
