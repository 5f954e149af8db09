package import KumoStorage
package import NCMBWire

/// How a push is shown (docs/wire/endpoints/push.md `GET /push/{id}` field list, F78): every documented field is
/// present, `null` when the push does not have it, so SDKs that read keys without checking for their presence
/// (ncmb_android's getters, F78's nulls) find them all.
extension PushController {
    /// The documented fields, in the order they are shown after `objectId`.
    package static let documentedFields: [FieldName] = {
        typealias Field = StandardField.Push
        return [
            Field.deliveryTime, Field.target, Field.searchCondition, Field.title, Field.message, Field.userSettingValue,
            Field.deliveryExpirationDate, Field.deliveryExpirationTime, Field.deliveryPlanNumber, Field.deliveryNumber, Field.status,
            Field.error, Field.action, Field.badgeIncrementFlag, Field.badgeSetting, Field.sound, Field.contentAvailable, Field.richUrl,
            Field.dialog, Field.category,
        ]
    }()

    /// The wire form of a push: `objectId`, the documented fields (stored value or `null`), any other stored field
    /// (`immediateDeliveryFlag`, `openNumber`, …) except the never-shown `sender`, then `createDate`, `updateDate` and
    /// `acl`.
    ///
    /// - Parameters:
    ///   - keys: The `keys` of a query: when given, only those documented fields are padded with `null`.
    ///   - readableInstallations: The installations the reader may read: `error.reasons` entries naming others are left
    ///     out (docs/decisions/0062-push-delivery-with-the-sender-access.md); `nil` shows every entry.
    package static func rendered(
        _ push: StoredObject, keys: [FieldName]? = nil, readableInstallations: Set<String>? = nil
    ) -> JSONObject {
        var object: JSONObject = ["objectId": .string(push.objectId)]
        let wanted = keys.map { Set($0.map(\.rawValue)) }
        for field in documentedFields where wanted?.contains(field.rawValue) ?? true {
            object[field] = push.fields[field] ?? .null
        }
        for (key, value) in push.fields
        where !FieldName.systemFields.contains(key) && key != StandardField.Push.sender.rawValue && object[key] == nil {
            object[key] = value
        }
        if let error = object[StandardField.Push.error] {
            object[StandardField.Push.error] = visibleError(error, readableInstallations: readableInstallations)
        }
        object["createDate"] = .string(push.createDate.formatted)
        object["updateDate"] = .string(push.updateDate.formatted)
        object["acl"] = push.acl.json
        return object
    }
}
