/// The NCMB error body `{"code":"E404001","error":"No data available."}` (docs/wire/conventions.md).
package struct ErrorBody: Hashable, Sendable {
    /// The code, e.g. `E404001`.
    package var code: String
    /// The message.
    package var error: String

    /// Creates a body.
    package init(code: String, error: String) {
        self.code = code
        self.error = error
    }

    /// The JSON value with `code` first, as NCMB sends it.
    package var json: JSONValue { ["code": .string(code), "error": .string(error)] }

    /// Reads a body from JSON; `nil` when either key is missing or not a string.
    package init?(json: JSONValue) {
        guard let object = json.objectValue, let code = object["code"]?.stringValue, let error = object["error"]?.stringValue
        else { return nil }
        self.init(code: code, error: error)
    }
}
