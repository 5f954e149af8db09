import KumoSeams
import NCMBWire

/// Reads the account fields of `/users` and `/login` requests (docs/wire/endpoints/users.md) before the rest of a body
/// becomes field operations.
enum UserBody {
    /// Keys a body never stores as fields: the password (hashed beside the user), session tokens (only sign-up and login
    /// hand them out) and `mailAddressConfirm` (only the confirmation link sets it: a client must not confirm its own
    /// address).
    static let unstoredKeys: Set<FieldName> = [
        StandardField.User.password, StandardField.User.sessionToken, StandardField.User.mailAddressConfirm,
    ]

    /// A required non-empty string.
    ///
    /// - Throws: E400003 `"<key> is empty."` when missing, `null` or `""`; E400002 `"<key> is invalid."` for another type.
    static func requiredText(_ value: JSONValue?, key: FieldName) throws(KumoError) -> String {
        switch value {
        case nil, .null?: throw KumoError(.required, key)
        case .string(let text)?:
            guard !text.isEmpty else { throw KumoError(.required, key) }
            return text
        case _?: throw KumoError(.invalidType, key)
        }
    }

    /// An optional `mailAddress`: `nil` when missing or `null`.
    ///
    /// - Throws: E400004 `"mailAddress is invalid format."` for anything but a string `MailAddress.isValid` accepts (the
    ///   syntax the mail flows use too).
    static func mailAddress(_ value: JSONValue?) throws(KumoError) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let address)? where MailAddress.isValid(address): return address
        case _?: throw KumoError(.invalidFormat, StandardField.User.mailAddress)
        }
    }

    /// `body` without the given keys, in its order.
    static func removing(_ keys: Set<FieldName>, from body: JSONObject) -> JSONObject {
        let names = Set(keys.map(\.rawValue))
        return body.filtering { !names.contains($0) }
    }
}
