import NCMBWire

/// The password hashes of a `kumo export --include-secrets` (`secrets/passwords.json`,
/// docs/decisions/0146-engine-moves-carry-secrets.md): one entry per object of the export's user file, in the same
/// order, `{"objectId":"…","passwordHash":"$2b$10$…"}`, or `"passwordHash":null` for a user without a password.
///
/// An import reads it in step with the user file. The file is hostile input: a hash is taken only when it is a bcrypt
/// hash as Kumo writes them (``isKumoHash(_:)``) and its entry names the same objectId as the user beside it; anything
/// else is refused with a report line, and that user is imported without a password (never with the value given).
package enum PasswordHashEntry {
    /// The file's path in an export folder.
    static let file = "secrets/passwords.json"

    /// The entry of one user object of the export: `objectId` and its hash (or `null`).
    static func json(objectId: String, passwordHash: String?) -> JSONValue {
        ["objectId": .string(objectId), "passwordHash": passwordHash.map(JSONValue.string) ?? .null]
    }

    /// The hash an entry holds for `objectId`: `nil` for `null`; throws the reason the entry is refused.
    static func hash(of element: ExportElement, for objectId: String) throws(ExportRecordFailure) -> String? {
        let refused = { (reason: String) in ExportRecordFailure(objectId: objectId, reason: "password hash refused: \(reason)") }
        guard let value = try? JSONValue(parsing: element.bytes), case .object(let entry) = value else {
            throw refused("the entry is not a JSON object")
        }
        guard entry["objectId"]?.stringValue == objectId else {
            throw refused("the entry names another user (\(entry["objectId"]?.stringValue ?? "no objectId")): not from the same export")
        }
        switch entry["passwordHash"] {
        case nil, .null?: return nil
        case .string(let hash)? where isKumoHash(hash): return hash
        default: throw refused("not a bcrypt hash as Kumo writes them ($2a$, $2b$ or $2y$, cost 04 to 31, 53 characters)")
        }
    }

    /// Whether `text` is a bcrypt hash as Kumo's hasher writes and verifies them: `$2a$`, `$2b$` or `$2y$`, a two-digit
    /// cost from 04 to 31, `$`, then 53 characters of bcrypt's base-64 alphabet (60 in all).
    package static func isKumoHash(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 60, bytes[0] == UInt8(ascii: "$"), bytes[1] == UInt8(ascii: "2"),
            [UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "y")].contains(bytes[2]), bytes[3] == UInt8(ascii: "$"),
            bytes[6] == UInt8(ascii: "$"), let cost = Int(String(decoding: bytes[4...5], as: UTF8.self)), (4...31).contains(cost),
            bytes[4...5].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return false }
        return bytes[7...].allSatisfy { byte in
            byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/") || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
}
