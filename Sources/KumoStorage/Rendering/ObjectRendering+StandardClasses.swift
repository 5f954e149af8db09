package import NCMBWire

/// The shapes of the standard classes (docs/wire/endpoints/): users without secrets, roles and pushes with every
/// documented field, installations with included users redacted, file metadata as `GET /files` lists it.
extension ObjectRendering {
    /// An object of any class as `GET` of it by `reader` (a user's objectId, `nil` when anonymous) answers it, with a
    /// query's `keys` applied: the system fields stay, other fields only when named (for files, every field). What
    /// realtime events carry (docs/wire/realtime.md#events).
    ///
    /// - Parameter readableInstallations: for a push, the installations the reader may read
    ///   (``readableReasonInstallations(of:applicationId:access:in:)``).
    package static func view(
        _ object: StoredObject, className: ClassName, keys: [FieldName]?, reader: String?, readableInstallations: Set<String>?
    ) -> [UInt8] {
        var object = object
        let kept = keys.map { Set($0.map(\.rawValue)) }
        if let kept, className != .file { object.fields = object.fields.filtering { kept.contains($0) } }
        switch className {
        case .user: return JSONValue.object(user(object, reader: reader)).serializedBytes()
        case .role: return JSONValue.object(role(object, keys: kept)).serializedBytes()
        case .installation: return JSONValue.object(redactIncludedUsers(object.json)).serializedBytes()
        case .push: return JSONValue.object(push(object, keys: keys, readableInstallations: readableInstallations)).serializedBytes()
        case .file: return (fileMetadata(object) ?? .object(["objectId": .string(object.objectId)])).serializedBytes()
        default: return ObjectRendering.object(object)
        }
    }

    // MARK: Users

    /// Fields of a user never rendered, whatever a stored row holds.
    package static let secretUserFields: Set<String> = [StandardField.User.password.rawValue, StandardField.User.sessionToken.rawValue]

    /// A user as `GET /users/{id}` and `GET /users` show it to `reader` (a user's objectId, `nil` when anonymous):
    /// `StoredObject.json` without secrets, and without `authData` unless the reader is that user (provider tokens and
    /// the anonymous id are credentials).
    package static func user(_ user: StoredObject, reader: String?) -> JSONObject {
        let isSelf = reader == user.objectId
        return redactIncludedUsers(
            user.json.filtering { !secretUserFields.contains($0) && (isSelf || $0 != StandardField.User.authData.rawValue) })
    }

    // MARK: Roles

    /// A role (F57): `objectId`, `roleName`, `belongRole`, `belongUser`, `createDate`, `updateDate`, `acl`, then custom
    /// fields.
    ///
    /// A relation never used shows `null`; once used it shows `{"__type":"Relation","className":…}`, also after its last
    /// member was removed (the marker is the field's stored value, as for any object).
    ///
    /// - Parameter keys: The `keys` projection of a query (docs/decisions/0011-extensions.md); `nil` shows every field.
    package static func role(_ role: StoredObject, keys: Set<String>?) -> JSONObject {
        var object: JSONObject = ["objectId": .string(role.objectId)]
        let roleFields = [StandardField.Role.roleName, StandardField.Role.belongRole, StandardField.Role.belongUser]
        for field in roleFields where keys?.contains(field.rawValue) ?? true {
            object[field] = role.fields[field] ?? .null
        }
        object["createDate"] = .string(role.createDate.formatted)
        object["updateDate"] = .string(role.updateDate.formatted)
        object["acl"] = role.acl.json
        let roleNames = Set(roleFields.map(\.rawValue))
        for (key, value) in role.fields where !FieldName.systemFields.contains(key) && !roleNames.contains(key) {
            object[key] = value
        }
        return object
    }

    // MARK: Pushes

    /// The documented fields of a push, in the order they are shown after `objectId` (docs/wire/endpoints/push.md
    /// `GET /push/{id}` field list, F78).
    package static let pushDocumentedFields: [FieldName] = {
        typealias Field = StandardField.Push
        return [
            Field.deliveryTime, Field.target, Field.searchCondition, Field.title, Field.message, Field.userSettingValue,
            Field.deliveryExpirationDate, Field.deliveryExpirationTime, Field.deliveryPlanNumber, Field.deliveryNumber, Field.status,
            Field.error, Field.action, Field.badgeIncrementFlag, Field.badgeSetting, Field.sound, Field.contentAvailable, Field.richUrl,
            Field.dialog, Field.category,
        ]
    }()

    /// A push: `objectId`, the documented fields (stored value or `null`, so that SDKs reading keys without checking
    /// for their presence find them all), any other stored field (`immediateDeliveryFlag`, `openNumber`, …) except the
    /// never-shown `sender`, then `createDate`, `updateDate` and `acl`.
    ///
    /// - Parameters:
    ///   - keys: The `keys` of a query: when given, only those documented fields are padded with `null`.
    ///   - readableInstallations: The installations the reader may read: `error.reasons` entries naming others are left
    ///     out (docs/decisions/0062-push-delivery-with-the-sender-access.md); `nil` shows every entry.
    package static func push(_ push: StoredObject, keys: [FieldName]? = nil, readableInstallations: Set<String>? = nil) -> JSONObject {
        var object: JSONObject = ["objectId": .string(push.objectId)]
        let wanted = keys.map { Set($0.map(\.rawValue)) }
        for field in pushDocumentedFields where wanted?.contains(field.rawValue) ?? true {
            object[field] = push.fields[field] ?? .null
        }
        for (key, value) in push.fields
        where !FieldName.systemFields.contains(key) && key != StandardField.Push.sender.rawValue && object[key] == nil {
            object[key] = value
        }
        if let error = object[StandardField.Push.error] {
            object[StandardField.Push.error] = visiblePushError(error, readableInstallations: readableInstallations)
        }
        object["createDate"] = .string(push.createDate.formatted)
        object["updateDate"] = .string(push.updateDate.formatted)
        object["acl"] = push.acl.json
        return object
    }

    /// The installation ids a push's `error.reasons` names.
    package static func reasonInstallationIds(of push: StoredObject) -> [String] {
        let reasons = push.fields[StandardField.Push.error]?.objectValue?["reasons"]?.arrayValue ?? []
        return reasons.compactMap { $0.objectValue?["installationId"]?.stringValue }
    }

    /// `error` with the `reasons` entries naming installations outside `readable` removed (`nil`: keep all). The
    /// counts (`failedDevices`, `retryingDevices`) stay: they are over the sender's devices, not the reader's.
    static func visiblePushError(_ error: JSONValue, readableInstallations readable: Set<String>?) -> JSONValue {
        guard let readable, case .object(var object) = error, let reasons = object["reasons"]?.arrayValue else { return error }
        object["reasons"] = .array(
            reasons.filter { entry in entry.objectValue?["installationId"]?.stringValue.map(readable.contains) ?? true })
        return .object(object)
    }

    // MARK: Files

    /// The MIME type of a file stored without one.
    package static let fallbackMIMEType = "application/octet-stream"

    /// A file's metadata as `GET /files` lists it, exactly `fileName`, `mimeType`, `fileSize`, `createDate`,
    /// `updateDate`, `acl` (F66); `nil` when the stored object lacks its name, blob or size.
    package static func fileMetadata(_ stored: StoredObject) -> JSONValue? {
        guard case .string(let fileName)? = stored.fields[StandardField.File.fileName],
            case .string? = stored.fields[StandardField.File.blobId],
            case .integer(let fileSize)? = stored.fields[StandardField.File.fileSize]
        else { return nil }
        return [
            StandardField.File.fileName.rawValue: .string(fileName),
            StandardField.File.mimeType.rawValue: .string(stored.fields[StandardField.File.mimeType]?.stringValue ?? fallbackMIMEType),
            StandardField.File.fileSize.rawValue: .integer(fileSize), "createDate": .string(stored.createDate.formatted),
            "updateDate": .string(stored.updateDate.formatted), "acl": stored.acl.json,
        ]
    }
}
