package import NCMBWire

/// The sender of a push, kept on the push object (`StandardField.Push.sender`) so that delivery resolves the push's
/// `searchCondition` with the sender's access, never past the installations' ACLs
/// (docs/decisions/0062-push-delivery-with-the-sender-access.md).
///
/// Stored form: `{"user":"<objectId>"}` for a signed-in user, `{"bypass":true}` for `kumo` itself, `{}` for a caller
/// without a session. A push without the field (stored before the field existed, or imported) is delivered as an
/// anonymous sender's: only to publicly readable installations.
extension AccessContext {
    /// The stored form of this sender.
    package var pushSenderJSON: JSONValue {
        switch self {
        case .anonymous: .object(JSONObject())
        case .user(let objectId): ["user": .string(objectId)]
        case .bypass: ["bypass": true]
        }
    }

    /// The sender a push's stored field names; anonymous when the field is missing or malformed.
    package init(pushSender value: JSONValue?) {
        guard case .object(let object)? = value else {
            self = .anonymous
            return
        }
        if case .string(let objectId)? = object["user"], !objectId.isEmpty {
            self = .user(objectId: objectId)
        } else if object["bypass"] == .bool(true) {
            self = .bypass
        } else {
            self = .anonymous
        }
    }
}
