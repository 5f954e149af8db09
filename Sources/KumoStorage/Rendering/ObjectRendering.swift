package import NCMBWire

/// The one renderer of stored objects (docs/decisions/0118-one-renderer-of-stored-objects.md): an object as `GET`
/// answers it, used by the server's controllers, by realtime events and by `kumo export`.
///
/// Custom objects are written straight into bytes, in exactly the form of `StoredObject.json` with included users
/// redacted, serialized: `objectId`, `createDate`, `updateDate`, `acl`, then the fields (fixtures F02, F18). A page of
/// 20 objects rendered through `JSONValue` trees built a dictionary per object, then a tree for the envelope, then
/// serialized and freed it all; writing bytes directly skips the trees (measured with `kumo bench`: see README,
/// Performance). The standard classes have their own shapes (`ObjectRendering+StandardClasses.swift`).
package enum ObjectRendering {
    /// One object, as `GET /classes/{class}/{objectId}` answers it.
    package static func object(_ object: StoredObject) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(object, into: &output)
        return output
    }

    /// `{"results":[…]}`, then `"count"` when counted, as `GET /classes/{class}` answers (`FindResponse`).
    package static func findResponse(_ objects: [StoredObject], count: Int?) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(64 + objects.count * 256)
        output.append(contentsOf: #"{"results":["#.utf8)
        for (index, object) in objects.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            write(object, into: &output)
        }
        output.append(UInt8(ascii: "]"))
        if let count {
            output.append(contentsOf: #","count":"#.utf8)
            output.append(contentsOf: String(count).utf8)
        }
        output.append(UInt8(ascii: "}"))
        return output
    }

    /// One object as an export holds it: as `GET` answers it, without the `dropping` fields, and with its fields exactly
    /// as stored (nothing redacted), so that importing the export gives back the same bytes.
    package static func exported(_ object: StoredObject, dropping: Set<String>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(object, into: &output, dropping: dropping, redactsIncludedUsers: false)
        return output
    }

    /// Appends one object; without `dropping` fields, and with included users redacted unless told otherwise.
    static func write(
        _ object: StoredObject, into output: inout [UInt8], dropping: Set<String> = [], redactsIncludedUsers: Bool = true
    ) {
        output.append(contentsOf: #"{"objectId":"#.utf8)
        JSONValue.writeString(object.objectId, into: &output)
        output.append(contentsOf: #","createDate":"#.utf8)
        JSONValue.writeString(object.createDate.formatted, into: &output)
        output.append(contentsOf: #","updateDate":"#.utf8)
        JSONValue.writeString(object.updateDate.formatted, into: &output)
        output.append(contentsOf: #","acl":"#.utf8)
        if object.acl == .publicReadWrite {
            output.append(contentsOf: publicReadWriteACL)
        } else {
            JSONValue.write(object.acl.json, into: &output)
        }
        if dropping.isEmpty, let encoded = object.storedFields.encodedForRendering {
            // `{…}` as stored: its members follow the system fields as they are.
            var encoded = encoded
            encoded.withUTF8 { bytes in
                guard bytes.count > 2 else { return }
                output.append(UInt8(ascii: ","))
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 1)]))
            }
        } else {
            for (key, value) in object.fields where !FieldName.systemFields.contains(key) && !dropping.contains(key) {
                output.append(UInt8(ascii: ","))
                JSONValue.writeString(key, into: &output)
                output.append(UInt8(ascii: ":"))
                JSONValue.write(redactsIncludedUsers ? (redactedValue(value) ?? value) : value, into: &output)
            }
        }
        output.append(UInt8(ascii: "}"))
    }

    /// The default ACL, which most objects have, encoded once.
    private static let publicReadWriteACL = AccessControlList.publicReadWrite.json.serializedBytes()

    // MARK: Included users

    /// Removes `authData` from every user object embedded by `include` (at any depth): an anonymous id is a login
    /// credential and provider tokens are secrets, so only `GET /users/{id}` by the owner shows them (queries on it are
    /// refused by the server's hidden-field guard).
    package static func redactIncludedUsers(_ fields: JSONObject) -> JSONObject {
        var redacted = fields
        for (key, value) in fields {
            if let cleaned = redactedValue(value) { redacted[key] = cleaned }
        }
        return redacted
    }

    /// The value with included users redacted, or `nil` when it holds no included object.
    static func redactedValue(_ value: JSONValue) -> JSONValue? {
        guard case .object(let object) = value, object["__type"] == .string("Object") else { return nil }
        var cleaned = redactIncludedUsers(object)
        if object["className"] == .string(ClassName.user.rawValue) { cleaned.removeValue(forKey: StandardField.User.authData.rawValue) }
        return .object(cleaned)
    }
}
