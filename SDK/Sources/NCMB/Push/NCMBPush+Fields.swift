internal import NCMBWire

extension NCMBPush {
    /// Android: the activity to open when the notification is tapped.
    public var action: String? {
        get { self[Field.action] }
        set { self[Field.action] = newValue }
    }

    /// Android: whether to show the notification as a dialog.
    public var dialog: Bool? {
        get { self[Field.dialog] }
        set { self[Field.dialog] = newValue }
    }

    /// iOS: whether to add one to each device's badge.
    public var badgeIncrementFlag: Bool? {
        get { self[Field.badgeIncrementFlag] }
        set { self[Field.badgeIncrementFlag] = newValue }
    }

    /// iOS: the badge number to show.
    public var badgeSetting: Int? {
        get { self[Field.badgeSetting] }
        set { self[Field.badgeSetting] = newValue }
    }

    /// iOS: the sound file to play.
    public var sound: String? {
        get { self[Field.sound] }
        set { self[Field.sound] = newValue }
    }

    /// iOS: whether to wake the app in the background (`content-available`).
    public var contentAvailable: Bool? {
        get { self[Field.contentAvailable] }
        set { self[Field.contentAvailable] = newValue }
    }

    /// The URL of a rich push page, shown by ``handleRichPush(userInfo:completion:)``.
    public var richUrl: String? {
        get { self[Field.richUrl] }
        set { self[Field.richUrl] = newValue }
    }

    /// iOS: the notification category, for its actions.
    public var category: String? {
        get { self[Field.category] }
        set { self[Field.category] = newValue }
    }

    /// How many devices the push is to be delivered to; set by the server.
    ///
    /// - Note: A Kumo addition; ncmb_swift reads it by subscript.
    public var deliveryPlanNumber: Int? { self[Field.deliveryPlanNumber] }

    /// How many devices the push was delivered to; set by the server.
    ///
    /// - Note: A Kumo addition; ncmb_swift reads it by subscript.
    public var deliveryNumber: Int? { self[Field.deliveryNumber] }

    /// The delivery status set by the server: 0 scheduled, then the values Kumo's README lists.
    ///
    /// - Note: A Kumo addition; ncmb_swift reads it by subscript.
    public var status: Int? { self[Field.status] }

    /// Why the delivery failed, as the server reported it (usually a dictionary with a readable reason); `nil` when
    /// it did not fail.
    ///
    /// - Note: A Kumo addition; ncmb_swift reads it by subscript.
    public var error: Any? {
        guard let value = state.withLock({ $0.fields[Field.error.rawValue] }), !value.isNull else { return nil }
        return FieldValueDecoder.nativeValue(value)
    }
}
