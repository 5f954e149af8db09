internal import NCMBWire

extension NCMBPush {
    /// Android: the activity to open when the notification is tapped.
    public var action: String? {
        get { self[NCMBPush.actionField] }
        set { self[NCMBPush.actionField] = newValue }
    }

    /// Android: whether to show the notification as a dialog.
    public var dialog: Bool? {
        get { self[NCMBPush.dialogField] }
        set { self[NCMBPush.dialogField] = newValue }
    }

    /// iOS: whether to add one to each device's badge.
    public var badgeIncrementFlag: Bool? {
        get { self[NCMBPush.badgeIncrementFlagField] }
        set { self[NCMBPush.badgeIncrementFlagField] = newValue }
    }

    /// iOS: the badge number to show.
    public var badgeSetting: Int? {
        get { self[NCMBPush.badgeSettingField] }
        set { self[NCMBPush.badgeSettingField] = newValue }
    }

    /// iOS: the sound file to play.
    public var sound: String? {
        get { self[NCMBPush.soundField] }
        set { self[NCMBPush.soundField] = newValue }
    }

    /// iOS: whether to wake the app in the background (`content-available`).
    public var contentAvailable: Bool? {
        get { self[NCMBPush.contentAvailableField] }
        set { self[NCMBPush.contentAvailableField] = newValue }
    }

    /// The URL of a rich push page, shown by ``handleRichPush(userInfo:completion:)``.
    public var richUrl: String? {
        get { self[NCMBPush.richUrlField] }
        set { self[NCMBPush.richUrlField] = newValue }
    }

    /// iOS: the notification category, for its actions.
    public var category: String? {
        get { self[NCMBPush.categoryField] }
        set { self[NCMBPush.categoryField] = newValue }
    }

    /// How many devices the push is to be delivered to; set by the server.
    ///
    /// - Note: A Kumo addition; ncmb_swift reads it by subscript.
    public var deliveryPlanNumber: Int? { self[NCMBPush.deliveryPlanNumberField] }

    /// How many devices the push was delivered to; set by the server.
    ///
    /// - Note: A Kumo addition; ncmb_swift reads it by subscript.
    public var deliveryNumber: Int? { self[NCMBPush.deliveryNumberField] }

    /// The delivery status set by the server: 0 scheduled, then the values Kumo's README lists.
    ///
    /// - Note: A Kumo addition; ncmb_swift reads it by subscript.
    public var status: Int? { self[NCMBPush.statusField] }

    /// Why the delivery failed, as the server reported it (usually a dictionary with a readable reason); `nil` when
    /// it did not fail.
    ///
    /// - Note: A Kumo addition; ncmb_swift reads it by subscript.
    public var error: Any? {
        guard let value = state.withLock({ $0.fields[NCMBPush.errorField] }), !value.isNull else { return nil }
        return FieldValueDecoder.nativeValue(value)
    }
}
