/// An NCMB error as it travels on the wire: a code plus the arguments of its message template.
///
/// Thrown by the wire module's validators (`WhereQuery` parsing, `APIRouter.match`, field operations) so that the
/// server renders it unchanged and the SDK can raise it locally before sending a request.
package struct APIError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The NCMB code.
    package let code: APIErrorCode
    /// Values for the `{0}`, `{1}`… placeholders of the code's message.
    package let arguments: [String]

    /// Creates an error from a code and its message arguments.
    package init(_ code: APIErrorCode, _ arguments: String...) {
        self.code = code
        self.arguments = arguments
    }

    /// Creates an error whose one message argument is a field's name, e.g. `"deviceType is empty."`.
    package init(_ code: APIErrorCode, _ field: FieldName) {
        self.init(code, field.rawValue)
    }

    /// Creates an error from a code and an array of message arguments.
    package init(_ code: APIErrorCode, arguments: [String]) {
        self.code = code
        self.arguments = arguments
    }

    /// The rendered message, e.g. `limit is not a valid value.`
    package var message: String { code.message(arguments) }

    /// The wire body `{"code":"E…","error":"…"}`.
    package var body: ErrorBody { ErrorBody(code: code.code, error: message) }

    package var description: String { "\(code.code) \(message)" }
}
