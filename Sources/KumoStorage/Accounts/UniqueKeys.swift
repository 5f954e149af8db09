package import NCMBWire

/// The values that must be unique per class and application, derived from an object's fields after a write.
///
/// Engines call `values(className:fields:)` after every insert and update and keep a `unique_values` row per value, in
/// the same transaction as the write; a taken value fails the write with `StorageError.duplicate(field:)` naming the
/// `field` of the `UniqueValue` (→ 409 E409001 `"<field> is duplication."`, fixtures F30, F41, F47, F53).
package enum UniqueKeys {
    /// The unique values of an object of `className` with these fields (non-string values are not unique keys).
    package static func values(className: ClassName, fields: JSONObject) -> [UniqueValue] {
        var values: [UniqueValue] = []
        switch className.rawValue {
        case ClassName.user.rawValue:
            if case .string(let name)? = fields["userName"] { values.append(UniqueValue(field: "userName", value: name)) }
            if case .string(let address)? = fields["mailAddress"] {
                values.append(UniqueValue(field: "mailAddress", value: address))
            }
            if case .object(let authData)? = fields["authData"] {
                for (provider, data) in authData {
                    guard let id = authDataId(data) else { continue }
                    values.append(UniqueKeys.authData(provider: provider, id: id))
                }
            }
        case ClassName.role.rawValue:
            if case .string(let name)? = fields["roleName"] { values.append(UniqueValue(field: "roleName", value: name)) }
        case ClassName.installation.rawValue:
            if case .string(let token)? = fields["deviceToken"] { values.append(UniqueValue(field: "deviceToken", value: token)) }
        case ClassName.file.rawValue:
            if case .string(let name)? = fields["fileName"] { values.append(UniqueValue(field: "fileName", value: name)) }
        default:
            break
        }
        return values
    }

    /// The unique value of one `authData` provider link: `<provider>:<id>`.
    package static func authData(provider: String, id: String) -> UniqueValue {
        UniqueValue(field: "authData", value: "\(provider):\(id)")
    }

    /// The `id` of one provider's `authData` entry (a string, or a number some SDKs send), or `nil`.
    package static func authDataId(_ data: JSONValue) -> String? {
        guard case .object(let entry) = data else { return nil }
        switch entry["id"] {
        case .string(let id)?: return id
        case .integer(let id)?: return String(id)
        default: return nil
        }
    }
}
