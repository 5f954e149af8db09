extension APIRouter {
    /// The most JSON values one request body may hold (docs/wire/limits.md): 500,000. Parsed values cost tens of bytes
    /// each however short their text, so this bounds the memory a body of `[1,1,1,…]` takes (issue 13, finding 2).
    package static let maximumBodyValues = 500_000

    /// Reads a JSON request body that must be an object; an empty (or blank) body reads as `{}`.
    ///
    /// - Throws: 400 E400001 `"JSON is invalid format."` when the body is not JSON or not an object; 413 E413002 when it
    ///   holds more than ``maximumBodyValues`` values.
    package static func jsonObject(fromBody body: [UInt8]) throws(APIError) -> JSONObject {
        guard body.contains(where: { !isWhitespace($0) }) else { return [:] }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: body, maximumValues: maximumBodyValues)
        } catch {
            throw APIError(error.isTooManyValues ? .requestEntityTooLarge : .invalidJson)
        }
        guard let object = value.objectValue else { throw APIError(.invalidJson) }
        return object
    }

    /// Reads the fields of a browser form body (`application/x-www-form-urlencoded`) as an object of strings; a body
    /// that starts with `{` is read as a JSON object instead.
    ///
    /// - Throws: E400001 for a malformed JSON body; E400004 for a form field that does not decode to UTF-8.
    package static func formFields(fromBody body: [UInt8]) throws(APIError) -> JSONObject {
        if body.first(where: { !isWhitespace($0) }) == UInt8(ascii: "{") {
            return try jsonObject(fromBody: body)
        }
        return object(from: try QueryItem.parse(String(decoding: body, as: UTF8.self)))
    }

    /// An object of strings from decoded pairs; a repeated name keeps its first position and its last value.
    static func object(from items: [QueryItem]) -> JSONObject {
        JSONObject(items.map { ($0.name, JSONValue.string($0.value)) })
    }

    /// Pairs from an object: string values as they are, other values as their compact JSON text.
    static func queryItems(from object: JSONObject) -> [QueryItem] {
        object.pairs.map { pair in
            QueryItem(name: pair.key, value: pair.value.stringValue ?? pair.value.serializedString())
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
