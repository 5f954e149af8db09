/// The fields of NCMB's standard classes (docs/wire/endpoints/users.md to docs/wire/endpoints/push.md), each name
/// declared once as a valid ``FieldName``.
///
/// Code that reads or writes a standard field names it here (`StandardField.User.mailAddress`), never as a string, so a
/// misspelt name does not compile. The names are constants (`FieldName(constant:)`): `StandardFieldTests` checks every
/// one of them against the field-name pattern, and debug builds assert it when a name is first used.
package enum StandardField {
    /// Fields of the class `user` (`/users`, docs/wire/endpoints/users.md).
    package enum User {
        /// The login name; unique.
        package static let userName = FieldName(constant: "userName")
        /// The password: write-only, stored as a hash beside the user, never returned.
        package static let password = FieldName(constant: "password")
        /// The mail address; unique.
        package static let mailAddress = FieldName(constant: "mailAddress")
        /// Whether the mail address is confirmed (a boolean or `null`).
        package static let mailAddressConfirm = FieldName(constant: "mailAddressConfirm")
        /// The SNS and anonymous credentials by provider (an object or `null`).
        package static let authData = FieldName(constant: "authData")
        /// The session token, only in sign-up and login responses.
        package static let sessionToken = FieldName(constant: "sessionToken")

        /// Every field above.
        package static let all = [userName, password, mailAddress, mailAddressConfirm, authData, sessionToken]
    }

    /// Fields of the class `role` (`/roles`, docs/wire/endpoints/roles.md).
    package enum Role {
        /// The role's name: unique, and the ACL principal `role:<name>`.
        package static let roleName = FieldName(constant: "roleName")
        /// The member users (a relation to `user`).
        package static let belongUser = FieldName(constant: "belongUser")
        /// The child roles (a relation to `role`).
        package static let belongRole = FieldName(constant: "belongRole")

        /// Every field above.
        package static let all = [roleName, belongUser, belongRole]
    }

    /// Fields of the class `installation` (`/installations`, docs/wire/endpoints/installations.md).
    package enum Installation {
        /// `ios` or `android`.
        package static let deviceType = FieldName(constant: "deviceType")
        /// The platform's token of the device; unique.
        package static let deviceToken = FieldName(constant: "deviceToken")
        /// The app's name.
        package static let applicationName = FieldName(constant: "applicationName")
        /// The app's version.
        package static let appVersion = FieldName(constant: "appVersion")
        /// The SDK's version.
        package static let sdkVersion = FieldName(constant: "sdkVersion")
        /// The device's time zone, e.g. `Asia/Tokyo`.
        package static let timeZone = FieldName(constant: "timeZone")
        /// The icon badge number (an integer).
        package static let badge = FieldName(constant: "badge")
        /// The channels the device subscribed to (an array of strings).
        package static let channels = FieldName(constant: "channels")
        /// The push service of an Android device, e.g. `fcm`.
        package static let pushType = FieldName(constant: "pushType")
        /// Kumo's: when the platform rejected the device's token for good (a Date); cleared by a new `deviceToken`.
        package static let pushDeactivatedAt = FieldName(constant: "pushDeactivatedAt")
        /// Kumo's: the platform's reason for ``pushDeactivatedAt``.
        package static let pushDeactivationReason = FieldName(constant: "pushDeactivationReason")

        /// Every field above.
        package static let all = [
            deviceType, deviceToken, applicationName, appVersion, sdkVersion, timeZone, badge, channels, pushType, pushDeactivatedAt,
            pushDeactivationReason,
        ]
    }

    /// Fields of the class `push` (`/push`, docs/wire/endpoints/push.md).
    package enum Push {
        /// When to send (a Date).
        package static let deliveryTime = FieldName(constant: "deliveryTime")
        /// Send now (`true`).
        package static let immediateDeliveryFlag = FieldName(constant: "immediateDeliveryFlag")
        /// The platforms: an array of `ios` and `android`.
        package static let target = FieldName(constant: "target")
        /// A `where` over installations.
        package static let searchCondition = FieldName(constant: "searchCondition")
        /// The notification's title.
        package static let title = FieldName(constant: "title")
        /// The notification's text.
        package static let message = FieldName(constant: "message")
        /// The custom payload (an object or a string).
        package static let userSettingValue = FieldName(constant: "userSettingValue")
        /// Not sent after this Date.
        package static let deliveryExpirationDate = FieldName(constant: "deliveryExpirationDate")
        /// Not sent after this long: `"N hour"` or `"N day"`.
        package static let deliveryExpirationTime = FieldName(constant: "deliveryExpirationTime")
        /// The Android action.
        package static let action = FieldName(constant: "action")
        /// Whether Android shows a dialog.
        package static let dialog = FieldName(constant: "dialog")
        /// Whether iOS increments the badge.
        package static let badgeIncrementFlag = FieldName(constant: "badgeIncrementFlag")
        /// The iOS badge number.
        package static let badgeSetting = FieldName(constant: "badgeSetting")
        /// The iOS sound.
        package static let sound = FieldName(constant: "sound")
        /// Whether iOS wakes the app in the background.
        package static let contentAvailable = FieldName(constant: "contentAvailable")
        /// A page to open.
        package static let richUrl = FieldName(constant: "richUrl")
        /// The iOS notification category.
        package static let category = FieldName(constant: "category")
        /// The Android notification channel (sent by ncmb_android).
        package static let androidChannelId = FieldName(constant: "android_channel_id")
        /// How many devices the push was planned for (server-owned).
        package static let deliveryPlanNumber = FieldName(constant: "deliveryPlanNumber")
        /// How many devices it reached (server-owned).
        package static let deliveryNumber = FieldName(constant: "deliveryNumber")
        /// Its delivery status, an integer (server-owned).
        package static let status = FieldName(constant: "status")
        /// Why delivery failed (server-owned).
        package static let error = FieldName(constant: "error")
        /// How many times a notification was opened (server-owned, `POST /push/{id}/openNumber`).
        package static let openNumber = FieldName(constant: "openNumber")
        /// Kumo's: who registered or last changed the push, whose access delivery uses (server-owned, never shown,
        /// docs/decisions/0062-push-delivery-with-the-sender-access.md).
        package static let sender = FieldName(constant: "sender")

        /// Every field above.
        package static let all = [
            deliveryTime, immediateDeliveryFlag, target, searchCondition, title, message, userSettingValue, deliveryExpirationDate,
            deliveryExpirationTime, action, dialog, badgeIncrementFlag, badgeSetting, sound, contentAvailable, richUrl, category,
            androidChannelId, deliveryPlanNumber, deliveryNumber, status, error, openNumber, sender,
        ]
    }

    /// Fields of the class `file` (`/files`, docs/wire/endpoints/files.md).
    package enum File {
        /// The file's name; unique.
        package static let fileName = FieldName(constant: "fileName")
        /// The stored content type.
        package static let mimeType = FieldName(constant: "mimeType")
        /// The size in bytes.
        package static let fileSize = FieldName(constant: "fileSize")
        /// Kumo's: the blob holding the bytes, never shown.
        package static let blobId = FieldName(constant: "blobId")

        /// Every field above.
        package static let all = [fileName, mimeType, fileSize, blobId]
    }

    /// Every standard field of every class.
    package static let all: [FieldName] = User.all + Role.all + Installation.all + Push.all + File.all
}
