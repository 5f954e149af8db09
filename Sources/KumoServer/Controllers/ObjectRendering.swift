package import KumoStorage
package import NCMBWire

/// Writes stored objects straight into response bytes, in exactly the form of `StoredObject.json` with included users
/// redacted, serialized: `objectId`, `createDate`, `updateDate`, `acl`, then the fields (fixtures F02, F18).
///
/// A page of 20 objects rendered through `JSONValue` trees built a dictionary per object, then a tree for the
/// envelope, then serialized and freed it all; writing bytes directly skips the trees (measured with `kumo bench`:
/// see README, Performance).
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

    /// Appends one object.
    static func write(_ object: StoredObject, into output: inout [UInt8]) {
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
        if let encoded = object.storedFields.encodedForRendering {
            // `{…}` as stored: its members follow the system fields as they are.
            var encoded = encoded
            encoded.withUTF8 { bytes in
                guard bytes.count > 2 else { return }
                output.append(UInt8(ascii: ","))
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 1)]))
            }
        } else {
            for (key, value) in object.fields where !FieldName.systemFields.contains(key) {
                output.append(UInt8(ascii: ","))
                JSONValue.writeString(key, into: &output)
                output.append(UInt8(ascii: ":"))
                JSONValue.write(UserQueryGuard.redactedValue(value) ?? value, into: &output)
            }
        }
        output.append(UInt8(ascii: "}"))
    }

    /// The default ACL, which most objects have, encoded once.
    private static let publicReadWriteACL = AccessControlList.publicReadWrite.json.serializedBytes()
}
