import KumoStorage
import NCMBWire

private typealias Field = StandardField.User

/// The wire shapes of users (docs/wire/endpoints/users.md, fixtures F28–F40).
enum UserRendering {
    /// The 201 answer of an ID/password sign-up, exactly `{"createDate","objectId","sessionToken","userName","authData":null}`
    /// (F28, F29).
    static func signUp(_ user: StoredObject, sessionToken: String) -> JSONValue {
        [
            "createDate": .string(user.createDate.formatted), "objectId": .string(user.objectId),
            Field.sessionToken.rawValue: .string(sessionToken), Field.userName.rawValue: user.fields[Field.userName] ?? .null,
            Field.authData.rawValue: .null,
        ]
    }

    /// The 200 answer of a login: `objectId`, `userName`, `mailAddress`, `mailAddressConfirm`, `sessionToken`,
    /// `createDate`, `updateDate`, `authData` (the three nullable ones as `null` when absent, F31–F33), then `acl` and
    /// the custom fields.
    static func login(_ user: StoredObject, sessionToken: String) -> JSONValue {
        var object: JSONObject = [
            "objectId": .string(user.objectId), Field.userName.rawValue: user.fields[Field.userName] ?? .null,
            Field.mailAddress.rawValue: user.fields[Field.mailAddress] ?? .null,
            Field.mailAddressConfirm.rawValue: user.fields[Field.mailAddressConfirm] ?? .null,
            Field.sessionToken.rawValue: .string(sessionToken), "createDate": .string(user.createDate.formatted),
            "updateDate": .string(user.updateDate.formatted), Field.authData.rawValue: user.fields[Field.authData] ?? .null,
            "acl": user.acl.json,
        ]
        for (key, value) in user.fields where !object.contains(key) && !isHidden(key) { object[key] = value }
        return .object(object)
    }

    /// The 201 answer of an `authData` sign-up: `createDate`, `objectId`, `userName`, `authData`, `mailAddress`,
    /// `mailAddressConfirm`, `sessionToken`, `updateDate` (F39, F40).
    static func authDataSignUp(_ user: StoredObject, sessionToken: String) -> JSONValue {
        [
            "createDate": .string(user.createDate.formatted), "objectId": .string(user.objectId),
            Field.userName.rawValue: user.fields[Field.userName] ?? .null, Field.authData.rawValue: user.fields[Field.authData] ?? .null,
            Field.mailAddress.rawValue: user.fields[Field.mailAddress] ?? .null,
            Field.mailAddressConfirm.rawValue: user.fields[Field.mailAddressConfirm] ?? false,
            Field.sessionToken.rawValue: .string(sessionToken), "updateDate": .string(user.updateDate.formatted),
        ]
    }

    private static func isHidden(_ key: String) -> Bool { ObjectRendering.secretUserFields.contains(key) || FieldName.systemFields.contains(key) }
}
