package import NCMBWire

/// The one error type of the server: an NCMB code, its message arguments and, for the log only, an underlying cause.
package struct KumoError: Error, Sendable, CustomStringConvertible {
    /// The NCMB code to answer with.
    package var code: APIErrorCode
    /// Arguments of the code's message template.
    package var arguments: [String]
    /// What went wrong underneath; logged, never sent to the client.
    package var underlying: String?
    /// A message that replaces the code's template, e.g. `"hello.js not found"` (docs/wire/endpoints/scripts.md); `nil`
    /// for the template.
    package var customMessage: String?
    /// Seconds after which the client may try again, sent as `Retry-After` (overload and rate limits); `nil` for none.
    package var retryAfterSeconds: Int?

    /// Creates an error.
    package init(_ code: APIErrorCode, _ arguments: String..., underlying: String? = nil) {
        self.code = code
        self.arguments = arguments
        self.underlying = underlying
    }

    /// Creates an error with its own message instead of the code's template.
    package init(_ code: APIErrorCode, message: String, underlying: String? = nil) {
        self.code = code
        self.arguments = []
        self.underlying = underlying
        self.customMessage = message
    }

    /// Creates an error whose one message argument is a field's name, e.g. `"mailAddress is empty."`.
    package init(_ code: APIErrorCode, _ field: FieldName) {
        self.init(code, field.rawValue)
    }

    /// Wraps a validation error from the wire module.
    package init(_ error: APIError) {
        self.code = error.code
        self.arguments = error.arguments
        self.underlying = nil
    }

    /// The message the client sees.
    package var message: String { customMessage ?? code.message(arguments) }

    package var description: String {
        "\(code.code) \(message)" + (underlying.map { " (\($0))" } ?? "")
    }
}
