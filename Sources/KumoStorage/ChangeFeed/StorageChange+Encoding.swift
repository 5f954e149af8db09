import NCMBWire

/// The text form of a change, for engines that carry changes between processes (PostgreSQL `NOTIFY` payloads and the
/// `change_log` table, docs/architecture.md#change-feed).
///
/// Compact JSON: `{"k":"c"|"u"|"d","a":applicationId,"c":className,"b":before,"f":after}` for an object change (each image
/// `{"i":objectId,"cd":ms,"ud":ms,"acl":{…},"fields":{…}}`, absent when the change has none), and
/// `{"k":"s","a":applicationId,"t":[tokenHash,…]}` for ended sessions. Field text is copied as stored, never re-parsed.
extension StorageChange {
    /// The compact JSON text of the change.
    package var encoded: String {
        switch self {
        case .object(let change):
            var text = #"{"k":""#
            switch change.kind {
            case .create: text += "c"
            case .update: text += "u"
            case .delete: text += "d"
            }
            text += #"","a":"#
            text += JSONValue.string(change.applicationId).serializedString()
            text += #","c":"#
            text += JSONValue.string(change.className.rawValue).serializedString()
            if let before = change.before {
                text += #","b":"#
                text += StorageChange.encoded(before)
            }
            if let after = change.after {
                text += #","f":"#
                text += StorageChange.encoded(after)
            }
            return text + "}"
        case .sessionsEnded(let applicationId, let tokenHashes):
            let value: JSONValue = [
                "k": "s", "a": .string(applicationId), "t": .array(tokenHashes.map { .string($0) }),
            ]
            return value.serializedString()
        }
    }

    /// Reads a change written by ``encoded``.
    ///
    /// - Throws: `StorageError.unavailable` when the text is not a change (it can only come from another Kumo version or
    ///   a damaged row).
    package init(encoded text: String) throws(StorageError) {
        guard let value = try? JSONValue(parsing: text), let object = value.objectValue,
            let kind = object["k"]?.stringValue, let applicationId = object["a"]?.stringValue
        else { throw StorageError.unavailable("A change of the change feed could not be read.") }
        if kind == "s" {
            let hashes = object["t"]?.arrayValue?.compactMap(\.stringValue) ?? []
            self = .sessionsEnded(applicationId: applicationId, tokenHashes: hashes)
            return
        }
        let kinds: [String: ObjectChange.Kind] = ["c": .create, "u": .update, "d": .delete]
        guard let changeKind = kinds[kind], let classText = object["c"]?.stringValue,
            let className = ClassName(classText)
        else { throw StorageError.unavailable("A change of the change feed could not be read.") }
        let before = try object["b"].map(StorageChange.storedObject(from:))
        let after = try object["f"].map(StorageChange.storedObject(from:))
        self = .object(ObjectChange(kind: changeKind, applicationId: applicationId, className: className, before: before, after: after))
    }

    /// `{"i","cd","ud","acl","fields"}`: the fields as their stored text.
    private static func encoded(_ object: StoredObject) -> String {
        var text = #"{"i":"#
        text += JSONValue.string(object.objectId).serializedString()
        text += #","cd":\#(object.createDate.millisecondsSince1970),"ud":\#(object.updateDate.millisecondsSince1970),"acl":"#
        text += object.acl.json.serializedString()
        text += #","fields":"#
        text += object.storedFields.encodedForRendering ?? JSONValue.object(object.fields).serializedString()
        return text + "}"
    }

    private static func storedObject(from value: JSONValue) throws(StorageError) -> StoredObject {
        guard let object = value.objectValue, let objectId = object["i"]?.stringValue,
            let createDate = object["cd"]?.integerValue, let updateDate = object["ud"]?.integerValue,
            let acl = object["acl"], let fields = object["fields"]?.objectValue
        else { throw StorageError.unavailable("An object of the change feed could not be read.") }
        return StoredObject(
            objectId: objectId, createDate: WireDate(millisecondsSince1970: createDate),
            updateDate: WireDate(millisecondsSince1970: updateDate), acl: AccessControlList(storedJSON: acl), fields: fields)
    }
}
