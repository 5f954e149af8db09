import KumoSeams
import KumoStorage
import NCMBWire

/// A message from a client (docs/wire/realtime.md#messages).
enum RealtimeRequest: Sendable {
    /// `{"op":"connect","applicationKey","timestamp","signature","sessionToken"?}`.
    case connect(applicationKey: String, timestamp: String, signature: String, sessionToken: String?)
    /// `{"op":"subscribe","requestId","className","where"?,"keys"?}`.
    case subscribe(requestId: Int64, className: String, whereQuery: JSONValue?, keys: JSONValue?)
    /// `{"op":"unsubscribe","requestId"}`.
    case unsubscribe(requestId: Int64)

    /// Reads a text message.
    ///
    /// - Throws: E400001 for text that is not a JSON object; E400003 `"<key> is empty."` for a missing key; E400002
    ///   `"<key> is invalid."` for a key of the wrong type or an unknown `op`. The error carries the message's
    ///   `requestId` when it has one.
    static func parse(_ text: String) throws(RealtimeRequestError) -> RealtimeRequest {
        guard let value = try? JSONValue(parsing: text), let object = value.objectValue else {
            throw RealtimeRequestError(requestId: nil, error: KumoError(.invalidJson))
        }
        let requestId = object["requestId"]?.integerValue
        func string(_ key: String, required: Bool = true) throws(RealtimeRequestError) -> String? {
            guard let field = object[key], field != .null else {
                if required { throw RealtimeRequestError(requestId: requestId, error: KumoError(.required, key)) }
                return nil
            }
            guard let text = field.stringValue else {
                throw RealtimeRequestError(requestId: requestId, error: KumoError(.invalidType, key))
            }
            return text
        }
        func identifier() throws(RealtimeRequestError) -> Int64 {
            guard let field = object["requestId"], field != .null else {
                throw RealtimeRequestError(requestId: nil, error: KumoError(.required, "requestId"))
            }
            guard case .integer(let identifier) = field else {
                throw RealtimeRequestError(requestId: nil, error: KumoError(.invalidType, "requestId"))
            }
            return identifier
        }
        switch try string("op") {
        case "connect":
            return .connect(
                applicationKey: try string("applicationKey") ?? "", timestamp: try string("timestamp") ?? "",
                signature: try string("signature") ?? "", sessionToken: try string("sessionToken", required: false))
        case "subscribe":
            let requestId = try identifier()
            return .subscribe(
                requestId: requestId, className: try string("className") ?? "", whereQuery: object["where"], keys: object["keys"])
        case "unsubscribe":
            return .unsubscribe(requestId: try identifier())
        default:
            throw RealtimeRequestError(requestId: requestId, error: KumoError(.invalidType, "op"))
        }
    }
}

extension RealtimeRequest {
    /// The class of a subscription by its REST name: `users`, `roles`, `installations`, `files`, `push`, or a custom
    /// class name.
    ///
    /// - Throws: E400002 `"className is invalid."` for a name that is not a class name; E403003 for a standard class
    ///   named by its storage name (`user`), as `/classes/user` is refused.
    static func className(_ name: String) throws(KumoError) -> ClassName {
        if let standard = StandardClass.named(name) { return standard.className }
        guard let className = ClassName(name) else { throw KumoError(.invalidType, "className") }
        guard !className.isStandard else { throw KumoError(.operationThatAreProhibited) }
        return className
    }
}

/// A client message refused, with the `requestId` it named, if any.
struct RealtimeRequestError: Error, Sendable {
    /// The message's `requestId`.
    var requestId: Int64?
    /// Why it was refused.
    var error: KumoError
}

/// Messages from the server (docs/wire/realtime.md#messages), written as compact JSON text.
enum RealtimeReply {
    /// `{"op":"connected"}`.
    static let connected = #"{"op":"connected"}"#

    /// `{"op":"subscribed","requestId":…}`.
    static func subscribed(_ requestId: Int64) -> String { #"{"op":"subscribed","requestId":\#(requestId)}"# }

    /// `{"op":"unsubscribed","requestId":…}`.
    static func unsubscribed(_ requestId: Int64) -> String { #"{"op":"unsubscribed","requestId":\#(requestId)}"# }

    /// `{"op":"error","requestId":…,"code":…,"error":…}`; without `requestId` for an error of the connection.
    static func error(_ error: KumoError, requestId: Int64? = nil) -> String {
        var object = JSONObject()
        object["op"] = "error"
        if let requestId { object["requestId"] = .integer(requestId) }
        object["code"] = .string(error.code.code)
        object["error"] = .string(error.message)
        return JSONValue.object(object).serializedString()
    }

    /// `{"op":<event>,"requestId":…,"object":{…}}` around an object already rendered.
    static func event(_ event: RealtimeEvent, requestId: Int64, object: [UInt8]) -> String {
        var bytes = Array(#"{"op":""#.utf8)
        bytes.append(contentsOf: event.rawValue.utf8)
        bytes.append(contentsOf: #"","requestId":\#(requestId),"object":"#.utf8)
        bytes.append(contentsOf: object)
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// What happened to an object, as one subscription sees it (docs/wire/realtime.md#events).
enum RealtimeEvent: String, Sendable, Hashable, CaseIterable {
    /// A new object in the subscription.
    case create
    /// An object in the subscription changed and stays in it.
    case update
    /// An object in the subscription was deleted.
    case delete
    /// A changed object came into the subscription (it matches the `where` and the subscriber may read it, and did not
    /// before).
    case enter
    /// A changed object left the subscription.
    case leave

    /// The event of a change, given whether the subscription showed the object before and shows it after; `nil` when the
    /// subscription does not hear of it.
    static func of(_ kind: ObjectChange.Kind, before: Bool, after: Bool) -> RealtimeEvent? {
        switch (kind, before, after) {
        case (.create, _, true): .create
        case (.delete, true, _): .delete
        case (.update, true, true): .update
        case (.update, false, true): .enter
        case (.update, true, false): .leave
        default: nil
        }
    }
}
