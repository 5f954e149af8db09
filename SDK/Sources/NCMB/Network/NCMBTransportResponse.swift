public import Foundation

/// An HTTP response as an ``NCMBTransport`` returns it.
public struct NCMBTransportResponse: Sendable, Equatable {
    /// The HTTP status code.
    public var statusCode: Int
    /// The header fields.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data

    /// Creates a response.
    public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }
}
