import NCMBWire

/// What the execution log keeps of a call: bodies and output truncated, secrets redacted
/// (docs/decisions/0052-script-execution-log.md).
///
/// A header, query item or JSON key is secret when its lower-cased name contains one of ``secretMarkers``; its value
/// becomes ``redacted``. Bodies are kept up to ``maximumBodyBytes`` and console output up to ``maximumConsoleBytes``.
enum ScriptLogRedaction {
    /// The text that replaces a secret value.
    static let redacted = "[redacted]"
    /// Name fragments that mark a value as secret.
    static let secretMarkers = [
        "password", "passwd", "secret", "token", "authorization", "cookie", "apikey", "api-key", "api_key", "clientkey",
        "client-key", "client_key", "signature", "credential", "private",
    ]
    /// The most bytes of a request or response body the log keeps.
    static let maximumBodyBytes = 4 * 1024
    /// The most bytes of console output (all lines together) the log keeps.
    static let maximumConsoleBytes = 16 * 1024
    /// The most bytes of an error stack the log keeps.
    static let maximumStackBytes = 8 * 1024

    /// Whether a header, query or field name names a secret.
    static func isSecret(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return secretMarkers.contains { lowered.contains($0) }
    }

    /// Headers as a JSON object, secrets redacted; a repeated name keeps its values joined by `, `.
    static func headers(_ headers: [(name: String, value: String)]) -> JSONValue {
        var object = JSONObject()
        for (name, value) in headers {
            let shown = isSecret(name) ? redacted : value
            if case .string(let earlier)? = object[name] {
                object[name] = .string(earlier + ", " + shown)
            } else {
                object[name] = .string(shown)
            }
        }
        return .object(object)
    }

    /// Query items as `[[name, value]…]`, secrets redacted.
    static func query(_ items: [QueryItem]) -> JSONValue {
        .array(items.map { .array([.string($0.name), .string(isSecret($0.name) ? redacted : $0.value)]) })
    }

    /// A JSON body as compact text, secret keys redacted at every depth, truncated.
    static func body(_ object: JSONObject) -> String {
        truncated(JSONValue.object(object).redactingSecrets().serializedString(), to: maximumBodyBytes)
    }

    /// A raw body as text (truncated), or a note of its size when it is not UTF-8.
    static func body(_ bytes: [UInt8]) -> String {
        guard String(validating: bytes, as: UTF8.self) != nil else { return "<\(bytes.count) bytes, not UTF-8>" }
        guard bytes.count > maximumBodyBytes else { return String(decoding: bytes, as: UTF8.self) }
        return prefix(bytes, maximumBodyBytes) + "…[truncated, \(bytes.count) bytes]"
    }

    /// `text` cut to at most `limit` UTF-8 bytes on a character boundary, with a note of what was cut.
    static func truncated(_ text: String, to limit: Int) -> String {
        let bytes = Array(text.utf8)
        guard bytes.count > limit else { return text }
        return prefix(bytes, limit) + "…[truncated, \(bytes.count) bytes]"
    }

    /// The longest prefix of whole characters within `limit` UTF-8 bytes.
    private static func prefix(_ bytes: [UInt8], _ limit: Int) -> String {
        var end = min(limit, bytes.count)
        // Never cut inside a multi-byte sequence: step back over continuation bytes (10xxxxxx).
        while end > 0 && end < bytes.count && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}

extension JSONValue {
    /// The value with every object key that names a secret given ``ScriptLogRedaction/redacted``, at every depth.
    fileprivate func redactingSecrets() -> JSONValue {
        switch self {
        case .object(let object):
            var result = JSONObject()
            for (key, value) in object {
                result[key] = ScriptLogRedaction.isSecret(key) ? .string(ScriptLogRedaction.redacted) : value.redactingSecrets()
            }
            return .object(result)
        case .array(let elements):
            return .array(elements.map { $0.redactingSecrets() })
        default:
            return self
        }
    }
}
