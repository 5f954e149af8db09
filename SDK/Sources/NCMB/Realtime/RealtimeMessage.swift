internal import NCMBWire

/// What the server sends on a realtime connection, as the SDK reads it (docs/wire/realtime.md).
enum RealtimeServerMessage: Equatable {
    /// `{"op":"subscribed","requestId":…}`: the subscription is live.
    case subscribed(requestId: Int)
    /// `{"op":"unsubscribed","requestId":…}`.
    case unsubscribed(requestId: Int)
    /// `{"op":"create"|"update"|"delete"|"enter"|"leave","requestId":…,"object":{…}}`.
    case event(RealtimeEventKind, requestId: Int, object: JSONObject)
    /// `{"op":"error","requestId":…,"code":…,"error":…}`; without `requestId` for the whole connection.
    case error(requestId: Int?, code: String, message: String)

    /// The most JSON values a server message may hold; a message with more is skipped as unreadable.
    static let maximumValues = 100_000

    /// Reads a text message; `nil` for one the SDK does not understand (not JSON, an unknown `op`, a missing or
    /// mistyped member), which the subscription skips.
    init?(text: String) {
        guard let json = try? JSONValue(parsing: Array(text.utf8), maximumValues: RealtimeServerMessage.maximumValues),
            let object = json.objectValue, let operation = object["op"]?.stringValue
        else { return nil }
        let requestId = object["requestId"]?.integerValue.flatMap { Int(exactly: $0) }
        switch operation {
        case "subscribed":
            guard let requestId else { return nil }
            self = .subscribed(requestId: requestId)
        case "unsubscribed":
            guard let requestId else { return nil }
            self = .unsubscribed(requestId: requestId)
        case "error":
            guard let code = object["code"]?.stringValue else { return nil }
            self = .error(requestId: requestId, code: code, message: object["error"]?.stringValue ?? "")
        default:
            guard let kind = RealtimeEventKind(rawValue: operation), let requestId, let body = object["object"]?.objectValue
            else { return nil }
            self = .event(kind, requestId: requestId, object: body)
        }
    }
}

/// The `op` of an event message.
enum RealtimeEventKind: String, Sendable, CaseIterable {
    /// An object that matches was created.
    case create
    /// An object that matched and still matches was updated.
    case update
    /// An object that matched was deleted.
    case delete
    /// An update made an object match.
    case enter
    /// An update made an object stop matching.
    case leave
}

/// What the SDK sends on a realtime connection (docs/wire/realtime.md).
enum RealtimeClientMessage: Equatable {
    /// `{"op":"subscribe","requestId":…,"className":…,"where":{…},"keys":[…]}`; `where` and `keys` only when given.
    case subscribe(requestId: Int, className: String, whereObject: JSONObject?, keys: [String]?)
    /// `{"op":"unsubscribe","requestId":…}`.
    case unsubscribe(requestId: Int)

    /// The message as compact JSON text.
    var text: String {
        var object: JSONObject
        switch self {
        case .subscribe(let requestId, let className, let whereObject, let keys):
            object = ["op": "subscribe", "requestId": .integer(Int64(requestId)), "className": .string(className)]
            if let whereObject { object["where"] = .object(whereObject) }
            if let keys { object["keys"] = .array(keys.map(JSONValue.string)) }
        case .unsubscribe(let requestId):
            object = ["op": "unsubscribe", "requestId": .integer(Int64(requestId))]
        }
        return JSONValue.object(object).serializedString()
    }
}
