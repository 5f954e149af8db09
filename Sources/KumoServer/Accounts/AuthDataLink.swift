package import KumoSeams
package import KumoStorage
package import NCMBWire

/// One checked `authData` provider entry (docs/wire/endpoints/users.md#sns-and-anonymous-login-authdata): a known,
/// enabled provider, the keys its SDKs send, a UUID for `anonymous`, and the provider's own verification for the
/// others.
package struct AuthDataLink: Sendable, Hashable {
    /// `anonymous`, `facebook`, `twitter`, `google` or `apple`.
    package var provider: String
    /// The provider's user id (the unique key of the link).
    package var id: String
    /// The entry as stored under `authData.<provider>` (typed values in canonical form).
    package var entry: JSONValue

    /// The unique value storage keeps for this link.
    package var uniqueValue: UniqueValue { UniqueKeys.authData(provider: provider, id: id) }

    /// The keys each provider's entry must carry (`ncmb_js lib/provider-util.js`).
    package static let requiredKeys: [String: [String]] = [
        "anonymous": ["id"],
        "facebook": ["id", "access_token", "expiration_date"],
        "twitter": ["id", "screen_name", "oauth_consumer_key", "consumer_secret", "oauth_token", "oauth_token_secret"],
        "google": ["id", "access_token"],
        "apple": ["id", "access_token", "client_id"],
    ]

    /// Checks the shape of one provider entry and whether the application accepts the provider (no verification).
    ///
    /// - Throws: 400 E400002 `"authData is invalid."` for an unknown provider or a non-object entry; 403 E403005
    ///   `"<provider> must not be entered."` for a disabled provider; 400 E400003 `"<key> is empty."` for a missing,
    ///   `null` or `""` key; 400 E400004 `"<key> is invalid format."` for a key of the wrong type, an anonymous id that is
    ///   not a UUID, or an `expiration_date` that is not a Date.
    package init(provider: String, value: JSONValue, settings: ApplicationSettings) throws(KumoError) {
        guard let keys = AuthDataLink.requiredKeys[provider] else { throw KumoError(.invalidType, StandardField.User.authData) }
        guard settings.authProvider(provider).isEnabled else { throw KumoError(.settingDisable, provider) }
        guard case .object(let entry) = value else { throw KumoError(.invalidType, StandardField.User.authData) }
        for key in keys {
            switch entry[key] {
            case nil, .null?, .string("")?: throw KumoError(.required, key)
            case .string?: guard key != "expiration_date" else { throw KumoError(.invalidFormat, key) }
            case .integer? where key == "id": continue
            case .object(let date)? where key == "expiration_date":
                guard date["__type"] == "Date", let iso = date["iso"]?.stringValue, WireDate(parsing: iso) != nil else {
                    throw KumoError(.invalidFormat, key)
                }
            case _?: throw KumoError(.invalidFormat, key)
            }
        }
        guard let id = UniqueKeys.authDataId(value) else { throw KumoError(.invalidFormat, "id") }
        if provider == "anonymous" && !AuthDataLink.isUUID(id) { throw KumoError(.invalidFormat, "id") }
        let canonical: FieldOperation
        do {
            canonical = try FieldOperation(parsing: value, field: StandardField.User.authData)
        } catch {
            throw KumoError(.invalidType, StandardField.User.authData)
        }
        guard case .set(let stored) = canonical else { throw KumoError(.invalidType, StandardField.User.authData) }
        self.provider = provider
        self.id = id
        self.entry = stored
    }

    /// Whether `text` is a UUID in the 8-4-4-4-12 hexadecimal form (either case), as the JS SDK checks.
    package static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                let isHexadecimal =
                    (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
                guard isHexadecimal else { return false }
            }
        }
        return true
    }
}
