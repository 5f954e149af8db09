internal import NCMBWire

/// An error the server reported: its NCMB code and message, e.g. `E404001` "No data available.".
///
/// - Note: Kumo also raises this error locally, without sending the request, for a query condition the server would
///   reject (an out-of-range GeoPoint, for example), with the code and message the server would send.
public struct NCMBApiError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The wire code, e.g. `E404001`; empty when the response had none.
    let code: String
    /// The message, e.g. `No data available.`
    private let error: String

    /// Creates an error from the `code` and `error` of an NCMB error body.
    package init(code: String, message: String) {
        self.code = code
        self.error = message
    }

    /// Creates the error the server would report for a wire validation error.
    init(_ error: APIError) {
        self.init(code: error.code.code, message: error.message)
    }

    /// The error code.
    public var errorCode: NCMBApiErrorCode { NCMBApiErrorCode(code: code) }

    /// The error message, as the server wrote it.
    public var message: String { error }

    /// The code and the message, e.g. `E404001 No data available.`
    public var description: String { code.isEmpty ? error : "\(code) \(error)" }
}
